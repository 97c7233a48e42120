export interface TreeNode {
  name: string;
  path: string;
  type: 'dir' | 'file';
  children: TreeNode[];
}

/** Project paths as a tree: folders first, then files, each alphabetically (case-insensitive). */
export function buildTree(paths: readonly string[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', type: 'dir', children: [] };
  for (const path of paths) {
    const segments = path.split('/').filter(Boolean);
    let node = root;
    segments.forEach((name, i) => {
      const isFile = i === segments.length - 1;
      const childPath = segments.slice(0, i + 1).join('/');
      let child = node.children.find((c) => c.name === name && c.type === (isFile ? 'file' : 'dir'));
      if (!child) {
        child = { name, path: childPath, type: isFile ? 'file' : 'dir', children: [] };
        node.children.push(child);
      }
      node = child;
    });
  }
  const sort = (nodes: TreeNode[]) => {
    nodes.sort((a, b) => (a.type !== b.type ? (a.type === 'dir' ? -1 : 1) : a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })));
    for (const n of nodes) sort(n.children);
  };
  sort(root.children);
  return root.children;
}

/** The folders that contain `path`: `client/src/App.tsx` → `client`, `client/src`. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

const PREFERRED = ['client/src/App.tsx', 'client/src/App.jsx', 'src/App.tsx', 'client/index.html', 'index.html'];

/** The file to open first: the app's main screen when there is one. */
export function defaultFile(paths: readonly string[]): string | null {
  for (const p of PREFERRED) if (paths.includes(p)) return p;
  return [...paths].sort()[0] ?? null;
}
