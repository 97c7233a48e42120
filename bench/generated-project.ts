import { starterFiles } from '@sprout/template';

export interface BenchFile {
  path: string;
  content: string;
}

const columns = ['Backlog', 'In progress', 'Review', 'Done'];

/**
 * A 20-file project shaped like what the model writes for "a Trello-style kanban with drag and
 * drop": the template plus a store, hooks, utilities, feature components and pages that use the
 * UI library, lucide icons, zustand, date-fns and dnd-kit.
 */
export function generatedProject(): BenchFile[] {
  const files = new Map(starterFiles().map((f) => [f.name, f.content]));
  const add = (path: string, content: string) => files.set(`client/src/${path}`, content);

  add(
    'types.ts',
    `export type ColumnId = ${columns.map((c) => `'${c}'`).join(' | ')};
export interface Task { id: string; title: string; column: ColumnId; due: string; tags: string[] }
export const COLUMNS: ColumnId[] = [${columns.map((c) => `'${c}'`).join(', ')}];
`,
  );
  add(
    'store/board.ts',
    `import { create } from 'zustand';
import type { ColumnId, Task } from '@/types';
import { seedTasks } from '@/lib/seed';

interface BoardState {
  tasks: Task[];
  query: string;
  move: (id: string, column: ColumnId) => void;
  add: (title: string, column: ColumnId) => void;
  remove: (id: string) => void;
  setQuery: (query: string) => void;
}

export const useBoard = create<BoardState>((set) => ({
  tasks: seedTasks(),
  query: '',
  move: (id, column) => set((s) => ({ tasks: s.tasks.map((t) => (t.id === id ? { ...t, column } : t)) })),
  add: (title, column) => set((s) => ({ tasks: [...s.tasks, { id: crypto.randomUUID(), title, column, due: new Date().toISOString(), tags: [] }] })),
  remove: (id) => set((s) => ({ tasks: s.tasks.filter((t) => t.id !== id) })),
  setQuery: (query) => set({ query }),
}));
`,
  );
  add(
    'lib/seed.ts',
    `import { addDays } from 'date-fns';
import type { Task } from '@/types';
import { COLUMNS } from '@/types';

export function seedTasks(): Task[] {
  return Array.from({ length: 12 }, (_, i) => ({
    id: String(i + 1),
    title: ['Design review', 'Write copy', 'Fix login bug', 'Plan sprint'][i % 4]! + ' #' + (i + 1),
    column: COLUMNS[i % COLUMNS.length]!,
    due: addDays(new Date(2025, 0, 1), i * 3).toISOString(),
    tags: i % 2 ? ['design'] : ['dev', 'urgent'],
  }));
}
`,
  );
  add(
    'lib/format.ts',
    `import { format, formatDistanceToNow } from 'date-fns';

export const shortDate = (iso: string) => format(new Date(iso), 'MMM d');
export const relative = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });
`,
  );
  add(
    'hooks/use-filtered-tasks.ts',
    `import { useMemo } from 'react';
import { useBoard } from '@/store/board';
import type { ColumnId } from '@/types';

export function useFilteredTasks(column: ColumnId) {
  const tasks = useBoard((s) => s.tasks);
  const query = useBoard((s) => s.query);
  return useMemo(() => tasks.filter((t) => t.column === column && t.title.toLowerCase().includes(query.toLowerCase())), [tasks, query, column]);
}
`,
  );
  add(
    'hooks/use-counts.ts',
    `import { useBoard } from '@/store/board';
import { COLUMNS } from '@/types';

export function useCounts() {
  const tasks = useBoard((s) => s.tasks);
  return COLUMNS.map((column) => ({ column, count: tasks.filter((t) => t.column === column).length }));
}
`,
  );
  add(
    'components/board/TaskCard.tsx',
    `import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { CalendarIcon, GripVerticalIcon, Trash2Icon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { TagList } from '@/components/board/TagList';
import { shortDate } from '@/lib/format';
import { useBoard } from '@/store/board';
import type { Task } from '@/types';

export function TaskCard({ task }: { task: Task }) {
  const { attributes, listeners, setNodeRef, transform } = useDraggable({ id: task.id });
  const remove = useBoard((s) => s.remove);
  return (
    <Card ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform) }} className="gap-2 p-3 shadow-xs">
      <div className="flex items-start gap-2">
        <button className="mt-0.5 cursor-grab text-muted-foreground" {...listeners} {...attributes} aria-label="Drag">
          <GripVerticalIcon className="size-4" />
        </button>
        <p className="flex-1 text-sm font-medium">{task.title}</p>
        <Button variant="ghost" size="icon" className="size-6" onClick={() => remove(task.id)} aria-label="Delete">
          <Trash2Icon />
        </Button>
      </div>
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span className="flex items-center gap-1"><CalendarIcon className="size-3" />{shortDate(task.due)}</span>
        <TagList tags={task.tags} />
      </div>
    </Card>
  );
}
`,
  );
  add(
    'components/board/TagList.tsx',
    `export function TagList({ tags }: { tags: string[] }) {
  return (
    <div className="flex gap-1">
      {tags.map((tag) => (
        <span key={tag} className="rounded-full bg-secondary px-2 py-0.5 text-[10px] font-semibold text-secondary-foreground uppercase">{tag}</span>
      ))}
    </div>
  );
}
`,
  );
  add(
    'components/board/Column.tsx',
    `import { useDroppable } from '@dnd-kit/core';
import { TaskCard } from '@/components/board/TaskCard';
import { AddTask } from '@/components/board/AddTask';
import { useFilteredTasks } from '@/hooks/use-filtered-tasks';
import { cn } from '@/lib/utils';
import type { ColumnId } from '@/types';

export function Column({ id }: { id: ColumnId }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  const tasks = useFilteredTasks(id);
  return (
    <section ref={setNodeRef} className={cn('flex w-72 shrink-0 flex-col gap-3 rounded-xl bg-muted/50 p-3', isOver && 'ring-2 ring-primary/40')}>
      <header className="flex items-center justify-between px-1">
        <h2 className="text-sm font-semibold tracking-tight">{id}</h2>
        <span className="text-xs text-muted-foreground">{tasks.length}</span>
      </header>
      {tasks.map((task) => <TaskCard key={task.id} task={task} />)}
      <AddTask column={id} />
    </section>
  );
}
`,
  );
  add(
    'components/board/AddTask.tsx',
    `import { useState } from 'react';
import { PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useBoard } from '@/store/board';
import type { ColumnId } from '@/types';

export function AddTask({ column }: { column: ColumnId }) {
  const [title, setTitle] = useState('');
  const add = useBoard((s) => s.add);
  return (
    <form className="flex gap-2" onSubmit={(e) => { e.preventDefault(); if (title.trim()) { add(title.trim(), column); setTitle(''); } }}>
      <Input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Add a task" className="h-8 bg-background" />
      <Button type="submit" size="icon" className="size-8" aria-label="Add"><PlusIcon /></Button>
    </form>
  );
}
`,
  );
  add(
    'components/board/Board.tsx',
    `import { DndContext, type DragEndEvent } from '@dnd-kit/core';
import { Column } from '@/components/board/Column';
import { useBoard } from '@/store/board';
import { COLUMNS, type ColumnId } from '@/types';

export function Board() {
  const move = useBoard((s) => s.move);
  const onDragEnd = (e: DragEndEvent) => { if (e.over) move(String(e.active.id), e.over.id as ColumnId); };
  return (
    <DndContext onDragEnd={onDragEnd}>
      <div className="flex gap-4 overflow-x-auto pb-4">{COLUMNS.map((c) => <Column key={c} id={c} />)}</div>
    </DndContext>
  );
}
`,
  );
  add(
    'components/layout/Header.tsx',
    `import { KanbanSquareIcon, SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { useBoard } from '@/store/board';
import { NewTaskDialog } from '@/components/layout/NewTaskDialog';

export function Header() {
  const query = useBoard((s) => s.query);
  const setQuery = useBoard((s) => s.setQuery);
  return (
    <header className="flex flex-wrap items-center justify-between gap-4 border-b px-6 py-4">
      <div className="flex items-center gap-2"><KanbanSquareIcon className="size-5 text-primary" /><h1 className="text-lg font-bold">Agency board</h1></div>
      <div className="flex items-center gap-2">
        <div className="relative"><SearchIcon className="absolute top-2.5 left-2 size-4 text-muted-foreground" /><Input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search" className="w-56 pl-8" /></div>
        <NewTaskDialog />
      </div>
    </header>
  );
}
`,
  );
  add(
    'components/layout/NewTaskDialog.tsx',
    `import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, DialogDescription } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useBoard } from '@/store/board';
import { COLUMNS, type ColumnId } from '@/types';

export function NewTaskDialog() {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [column, setColumn] = useState<ColumnId>('Backlog');
  const add = useBoard((s) => s.add);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild><Button>New task</Button></DialogTrigger>
      <DialogContent>
        <DialogHeader><DialogTitle>New task</DialogTitle><DialogDescription>Add a task to the board.</DialogDescription></DialogHeader>
        <div className="grid gap-3">
          <Label htmlFor="t">Title</Label><Input id="t" value={title} onChange={(e) => setTitle(e.target.value)} />
          <Label>Column</Label>
          <Select value={column} onValueChange={(v) => setColumn(v as ColumnId)}>
            <SelectTrigger className="w-full"><SelectValue /></SelectTrigger>
            <SelectContent>{COLUMNS.map((c) => <SelectItem key={c} value={c}>{c}</SelectItem>)}</SelectContent>
          </Select>
        </div>
        <DialogFooter><Button onClick={() => { if (title) { add(title, column); setOpen(false); setTitle(''); } }}>Add</Button></DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
`,
  );
  add(
    'components/layout/Sidebar.tsx',
    `import { LayoutDashboardIcon, SettingsIcon, UsersIcon } from 'lucide-react';
import { useCounts } from '@/hooks/use-counts';
import { Progress } from '@/components/ui/progress';

export function Sidebar() {
  const counts = useCounts();
  const total = counts.reduce((n, c) => n + c.count, 0) || 1;
  const done = counts.find((c) => c.column === 'Done')?.count ?? 0;
  return (
    <aside className="hidden w-60 shrink-0 flex-col gap-6 border-r p-4 lg:flex">
      <nav className="grid gap-1 text-sm">
        {[['Board', LayoutDashboardIcon], ['Team', UsersIcon], ['Settings', SettingsIcon]].map(([label, Icon]) => {
          const I = Icon as typeof LayoutDashboardIcon;
          return <a key={String(label)} className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-accent" href="#"><I className="size-4" />{String(label)}</a>;
        })}
      </nav>
      <div className="grid gap-2 text-xs"><span>Done {done} of {total}</span><Progress value={(done / total) * 100} /></div>
    </aside>
  );
}
`,
  );
  add(
    'components/stats/StatsTable.tsx',
    `import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCounts } from '@/hooks/use-counts';

export function StatsTable() {
  const counts = useCounts();
  return (
    <Table>
      <TableHeader><TableRow><TableHead>Column</TableHead><TableHead className="text-right">Tasks</TableHead></TableRow></TableHeader>
      <TableBody>{counts.map((c) => <TableRow key={c.column}><TableCell>{c.column}</TableCell><TableCell className="text-right">{c.count}</TableCell></TableRow>)}</TableBody>
    </Table>
  );
}
`,
  );
  add(
    'components/stats/DueSoon.tsx',
    `import { useBoard } from '@/store/board';
import { relative } from '@/lib/format';

export function DueSoon() {
  const tasks = useBoard((s) => s.tasks).filter((t) => t.column !== 'Done').slice(0, 5);
  return (
    <ul className="grid gap-2 text-sm">
      {tasks.map((t) => <li key={t.id} className="flex justify-between gap-4"><span className="truncate">{t.title}</span><span className="text-muted-foreground">{relative(t.due)}</span></li>)}
    </ul>
  );
}
`,
  );
  add(
    'pages/BoardPage.tsx',
    `import { Board } from '@/components/board/Board';

export function BoardPage() {
  return <div className="p-6"><Board /></div>;
}
`,
  );
  add(
    'pages/StatsPage.tsx',
    `import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatsTable } from '@/components/stats/StatsTable';
import { DueSoon } from '@/components/stats/DueSoon';

export function StatsPage() {
  return (
    <div className="grid gap-6 p-6 md:grid-cols-2">
      <Card><CardHeader><CardTitle>By column</CardTitle></CardHeader><CardContent><StatsTable /></CardContent></Card>
      <Card><CardHeader><CardTitle>Due soon</CardTitle></CardHeader><CardContent><DueSoon /></CardContent></Card>
    </div>
  );
}
`,
  );
  add(
    'components/layout/Tabs.tsx',
    `import { cn } from '@/lib/utils';

export function Tabs({ value, onChange }: { value: 'board' | 'stats'; onChange: (v: 'board' | 'stats') => void }) {
  return (
    <div className="flex gap-1 border-b px-6">
      {(['board', 'stats'] as const).map((tab) => (
        <button key={tab} onClick={() => onChange(tab)} className={cn('border-b-2 px-3 py-2 text-sm capitalize', value === tab ? 'border-primary font-medium' : 'border-transparent text-muted-foreground')}>{tab}</button>
      ))}
    </div>
  );
}
`,
  );
  add(
    'App.tsx',
    `import { useState } from 'react';
import { Header } from '@/components/layout/Header';
import { Sidebar } from '@/components/layout/Sidebar';
import { Tabs } from '@/components/layout/Tabs';
import { BoardPage } from '@/pages/BoardPage';
import { StatsPage } from '@/pages/StatsPage';

export default function App() {
  const [tab, setTab] = useState<'board' | 'stats'>('board');
  return (
    <div className="flex min-h-screen bg-background text-foreground">
      <Sidebar />
      <main className="flex min-w-0 flex-1 flex-col">
        <Header />
        <Tabs value={tab} onChange={setTab} />
        {tab === 'board' ? <BoardPage /> : <StatsPage />}
      </main>
    </div>
  );
}
`,
  );
  return [...files].map(([path, content]) => ({ path, content }));
}

/** The project's own source files (what "20 files" counts). */
export const GENERATED_FILE_COUNT = 20;
