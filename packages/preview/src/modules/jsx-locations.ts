import { createHash } from 'node:crypto';
import type { BuiltAsset } from '../types';

/** The JSX runtime preview modules import (esbuild's `jsxDev`): served by the asset below instead of the import map. */
export const JSX_DEV_RUNTIME = 'react/jsx-dev-runtime';

/** The attribute that carries a host element's place in the source: `client/src/App.tsx:12:7` (file, line, column of its `<`). */
const LOCATION_ATTRIBUTE = 'data-sprout-loc';

// React's own jsxDEV (the page's import map resolves the bare name to the vendor file), handed each
// element's place in the source by esbuild. React 19 ignores it; it becomes an attribute, which the
// element picker of the runtime bridge reads. A component's element gets it too, as a prop: a
// component that passes its props on to the element it draws (a shadcn Button, a Card, an icon)
// marks that element with the place it is used — where a person changes its text and classes —
// not with its own file, which every use shares. Fragments and React's other built-ins take no
// unknown props. The props object is always a fresh literal of the calling module.
const SOURCE = `import { Fragment, jsxDEV as reactJsxDEV } from ${JSON.stringify(JSX_DEV_RUNTIME)};
export { Fragment };
const FORWARD_REF = Symbol.for("react.forward_ref");
const MEMO = Symbol.for("react.memo");
function marks(type) {
  if (typeof type === "string" || typeof type === "function") return true;
  return !!type && typeof type === "object" && (type.$$typeof === FORWARD_REF || type.$$typeof === MEMO);
}
export function jsxDEV(type, props, key, isStaticChildren, source, self) {
  if (source && props && typeof source.fileName === "string" && marks(type) && !(${JSON.stringify(LOCATION_ATTRIBUTE)} in props))
    props[${JSON.stringify(LOCATION_ATTRIBUTE)}] = source.fileName + ":" + source.lineNumber + ":" + source.columnNumber;
  return reactJsxDEV(type, props, key, isStaticChildren, source, self);
}
`;

const body = new TextEncoder().encode(SOURCE);

/**
 * The preview's JSX runtime, served with every preview build under a content name
 * (`sprout-jsx.{hash}.js`, the same bytes for every project), which project modules import by
 * relative name in place of react/jsx-dev-runtime (emit-module.ts). Published apps are bundled with
 * the production runtime and never load it.
 */
export const jsxLocations: { name: string; asset: BuiltAsset } = {
  name: `sprout-jsx.${createHash('sha256').update(body).digest('hex').slice(0, 20)}.js`,
  asset: { contentType: 'text/javascript; charset=utf-8', body },
};
