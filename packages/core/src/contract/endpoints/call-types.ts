import type { BodyOf, QueryOf, ReplyOf } from '../endpoint';
import type { PathParams } from '../routes/route-table';
import type { EndpointName, Endpoints } from './index';

type Needs<Key extends string, T> = [T] extends [undefined]
  ? { [P in Key]?: undefined }
  : undefined extends T
    ? { [P in Key]?: T }
    : {} extends T
      ? { [P in Key]?: T }
      : { [P in Key]: T };
type NoParams<K extends EndpointName> = keyof PathParams<K> extends never ? true : false;

/** What a call of endpoint K sends: its path parameters, its query and its body, each typed by the contract. */
export type CallInput<K extends EndpointName> = (NoParams<K> extends true ? { params?: PathParams<K> } : { params: PathParams<K> }) &
  Needs<'query', QueryOf<Endpoints[K]>> &
  Needs<'body', BodyOf<Endpoints[K]>>;

/** What a call of endpoint K answers with. */
export type CallReply<K extends EndpointName> = ReplyOf<Endpoints[K]>;
