'use client';
import { memo, type ComponentProps } from 'react';
import { ChevronRight, FileCode2, FileJson, FileText, FileType, Folder, FolderOpen, Image as ImageIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { TreeNode } from './file-tree';

function FileIcon({ name }: { name: string }) {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const cls = 'size-3.5 shrink-0 text-muted-foreground';
  if (ext === 'json') return <FileJson className={cls} aria-hidden="true" />;
  if (ext === 'md' || ext === 'txt') return <FileText className={cls} aria-hidden="true" />;
  if (ext === 'css') return <FileType className={cls} aria-hidden="true" />;
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'ico'].includes(ext) || name.startsWith('upload-')) return <ImageIcon className={cls} aria-hidden="true" />;
  return <FileCode2 className={cls} aria-hidden="true" />;
}

/** One line of the tree, indented to its depth (a file further, past its folder's chevron). */
function TreeRow({ node, depth, className, ...props }: { node: TreeNode; depth: number } & ComponentProps<'button'> & { 'data-testid': string }) {
  return (
    <button
      type="button"
      data-path={node.path}
      style={{ paddingLeft: `${(node.type === 'dir' ? 0.5 : 1.25) + depth * 0.75}rem` }}
      className={cn(
        'flex h-7 w-full min-w-0 items-center pr-2 text-left text-xs outline-none hover:bg-accent/70 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset',
        className,
      )}
      {...props}
    />
  );
}

export interface FileTreeViewProps {
  nodes: TreeNode[];
  selected: string | null;
  expanded: ReadonlySet<string>;
  unsaved: ReadonlySet<string>;
  onSelect: (path: string) => void;
  onToggle: (path: string) => void;
}

function Nodes({ nodes, depth, ...props }: FileTreeViewProps & { depth: number }) {
  return (
    <ul role={depth === 0 ? undefined : 'group'} className="grid">
      {nodes.map((node) => {
        if (node.type === 'dir') {
          const open = props.expanded.has(node.path);
          return (
            <li key={node.path}>
              <TreeRow
                node={node}
                depth={depth}
                onClick={() => props.onToggle(node.path)}
                aria-expanded={open}
                data-testid="folder-item"
                className="gap-1 text-foreground/90"
              >
                <ChevronRight className={cn('size-3 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')} aria-hidden="true" />
                {open ? (
                  <FolderOpen className="size-3.5 shrink-0 text-primary/80" aria-hidden="true" />
                ) : (
                  <Folder className="size-3.5 shrink-0 text-primary/80" aria-hidden="true" />
                )}
                <span className="truncate">{node.name}</span>
              </TreeRow>
              {open ? <Nodes {...props} nodes={node.children} depth={depth + 1} /> : null}
            </li>
          );
        }
        const active = props.selected === node.path;
        const dirty = props.unsaved.has(node.path);
        return (
          <li key={node.path}>
            <TreeRow
              node={node}
              depth={depth}
              onClick={() => props.onSelect(node.path)}
              aria-current={active ? 'true' : undefined}
              data-testid="file-item"
              title={node.path}
              className={cn('gap-1.5', active ? 'bg-accent font-medium text-foreground' : 'text-foreground/85')}
            >
              <FileIcon name={node.name} />
              <span className="min-w-0 flex-1 truncate">{node.name}</span>
              {dirty ? <span className="size-1.5 shrink-0 rounded-full bg-primary" aria-label="unsaved changes" data-testid="file-unsaved" /> : null}
            </TreeRow>
          </li>
        );
      })}
    </ul>
  );
}

/** The project's files as collapsible folders; the open file is marked, unsaved ones have a dot. */
export const FileTreeView = memo(function FileTreeView(props: FileTreeViewProps) {
  return (
    <nav aria-label="Project files" data-testid="file-tree" className="py-1.5">
      <Nodes {...props} depth={0} />
    </nav>
  );
});
