import { createHash } from 'node:crypto';
import type { LinkedModule } from './link-modules';

export interface ModuleName {
  /** The file name the module is served under (`App.tsx.3f2a….js`), the same in every version where neither it nor anything it imports changed. */
  name: string;
  /** Identifies the module's own code and what its imports resolve to, whatever its dependencies contain. */
  own: string;
}

const hash = (...parts: string[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 20);
};

/** A file-name-safe form of the module's file name, for people reading URLs and stacks. */
export function safeBase(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/[^A-Za-z0-9._-]/g, '_');
  return base.slice(0, 60) || 'module';
}

/**
 * Content names for the modules of a page. A module's name covers its own code and the names of
 * the modules it imports, so a page that imports a changed module by its new name gets new
 * instances of exactly the modules on the way to it, and keeps every other one (with its state).
 * Modules importing each other in a cycle share one hash of the whole cycle. `served`: packages a
 * module imports from a file of the build instead (react/jsx-dev-runtime → sprout-jsx.{hash}.js),
 * whose name its own name covers too.
 */
export function moduleNames(modules: ReadonlyMap<string, LinkedModule>, served: ReadonlyMap<string, string> = new Map()): Map<string, ModuleName> {
  const own = new Map<string, string>();
  const deps = new Map<string, string[]>();
  for (const [path, m] of modules) {
    const resolved = m.targets.map((t) =>
      t.kind === 'module'
        ? `m:${t.path}`
        : t.kind === 'package'
          ? `p:${t.spec}${served.has(t.spec) ? `>${served.get(t.spec)}` : ''}`
          : t.kind === 'style'
            ? `s:${t.path}`
            : t.kind,
    );
    const dropped = [...m.dropped].map(([i, names]) => `${i}:${[...names].sort().join(',')}`);
    own.set(path, hash(m.module.key, resolved.join('|'), dropped.join('|')));
    deps.set(
      path,
      m.targets.flatMap((t) => (t.kind === 'module' && modules.has(t.path) ? [t.path] : [])),
    );
  }
  const out = new Map<string, ModuleName>();
  for (const component of stronglyConnected([...modules.keys()], deps)) {
    const members = new Set(component);
    const outside = (path: string) =>
      deps
        .get(path)!
        .filter((d) => !members.has(d))
        .map((d) => out.get(d)!.name);
    const sorted = [...component].sort();
    const group = hash(...sorted.map((p) => `${p}=${own.get(p)}>${outside(p).join(',')}`));
    for (const path of component) out.set(path, { name: `${safeBase(path)}.${members.size === 1 ? group : hash(group, path)}.js`, own: own.get(path)! });
  }
  return out;
}

/** Tarjan's algorithm without recursion: components come out dependencies first. */
export function stronglyConnected(nodes: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        out.push(component);
      }
    }
  }
  return out;
}
