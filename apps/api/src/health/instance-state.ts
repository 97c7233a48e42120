/** Whether this instance is stopping for a deploy (./drain.ts): the one piece of lifecycle state the routes read. */
export class InstanceState {
  draining = false;
}
