import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

// Git's object format, written by hand only to store objects: serving and receiving them is git's
// own (http-backend, upload-pack, receive-pack). Made here, a version's files become a tree in one
// pass without a process per file, and the same files always give the same ids.

export type ObjectType = 'blob' | 'tree' | 'commit';

export interface GitObject {
  id: string;
  type: ObjectType;
  body: Buffer;
}

export function gitObject(type: ObjectType, body: Buffer): GitObject {
  const header = Buffer.from(`${type} ${body.length}\0`);
  const id = createHash('sha1').update(header).update(body).digest('hex');
  return { id, type, body };
}

interface Dir {
  files: Map<string, string>;
  dirs: Map<string, Dir>;
}

// Git sorts a tree's entries by name, a folder's name as if it ended with '/'.
const sortKey = (name: string, isDir: boolean) => Buffer.from(isDir ? `${name}/` : name);

function treeObject(dir: Dir, out: GitObject[]): GitObject {
  const entries: { key: Buffer; line: Buffer }[] = [];
  for (const [name, content] of dir.files) {
    const blob = gitObject('blob', Buffer.from(content, 'utf8'));
    out.push(blob);
    entries.push({ key: sortKey(name, false), line: Buffer.concat([Buffer.from(`100644 ${name}\0`), Buffer.from(blob.id, 'hex')]) });
  }
  for (const [name, sub] of dir.dirs) {
    const tree = treeObject(sub, out);
    entries.push({ key: sortKey(name, true), line: Buffer.concat([Buffer.from(`40000 ${name}\0`), Buffer.from(tree.id, 'hex')]) });
  }
  entries.sort((a, b) => Buffer.compare(a.key, b.key));
  const tree = gitObject('tree', Buffer.concat(entries.map((e) => e.line)));
  out.push(tree);
  return tree;
}

/** The tree of a version's files (every file a plain 100644 blob) and every object it is made of. */
export function treeOf(files: readonly { path: string; content: string }[]): { id: string; objects: GitObject[] } {
  const root: Dir = { files: new Map(), dirs: new Map() };
  for (const file of files) {
    const parts = file.path.split('/');
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      let next = dir.dirs.get(part);
      if (!next) dir.dirs.set(part, (next = { files: new Map(), dirs: new Map() }));
      dir = next;
    }
    dir.files.set(parts[parts.length - 1]!, file.content);
  }
  const objects: GitObject[] = [];
  return { id: treeObject(root, objects).id, objects };
}

export interface CommitFields {
  tree: string;
  parent: string | null;
  author: { name: string; email: string };
  committer: { name: string; email: string };
  /** Seconds since the epoch, UTC. */
  time: number;
  message: string;
}

// Names and addresses may hold nothing that ends the header line or the <address> part.
const clean = (s: string) => s.replace(/[<>\n\r\0]/g, '').trim() || 'unknown';

/** A commit's body, byte for byte the same for the same fields: no signature, UTC, one trailing newline. */
export function commitBody(c: CommitFields): Buffer {
  const who = (p: { name: string; email: string }) => `${clean(p.name)} <${clean(p.email)}> ${c.time} +0000`;
  const lines = [`tree ${c.tree}`, ...(c.parent ? [`parent ${c.parent}`] : []), `author ${who(c.author)}`, `committer ${who(c.committer)}`];
  return Buffer.from(`${lines.join('\n')}\n\n${c.message.replace(/\0/g, '').trimEnd()}\n`, 'utf8');
}

/** The tree and parents a commit's body names. */
export function commitHeader(body: Buffer): { tree: string; parents: string[]; message: string } {
  const text = body.toString('utf8');
  const end = text.indexOf('\n\n');
  const header = end === -1 ? text : text.slice(0, end);
  const lines = header.split('\n');
  return {
    tree: lines.find((l) => l.startsWith('tree '))?.slice(5) ?? '',
    parents: lines.filter((l) => l.startsWith('parent ')).map((l) => l.slice(7)),
    message: end === -1 ? '' : text.slice(end + 2),
  };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Writes objects as loose objects of a bare repository, skipping those already there. Each is
 * written to a temporary name and renamed: a reader never sees half an object.
 */
export async function writeLooseObjects(gitDir: string, objects: readonly GitObject[]): Promise<void> {
  const seen = new Set<string>();
  for (const o of objects) {
    if (seen.has(o.id)) continue;
    seen.add(o.id);
    const dir = path.join(gitDir, 'objects', o.id.slice(0, 2));
    const file = path.join(dir, o.id.slice(2));
    if (await exists(file)) continue;
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    await writeFile(tmp, deflateSync(Buffer.concat([Buffer.from(`${o.type} ${o.body.length}\0`), o.body])));
    await rename(tmp, file);
  }
}
