// Games: snake (keyboard and on-screen arrows), memory (click pairs) and tic-tac-toe (against an
// unbeatable computer or a friend), chosen by keyword. Best scores are kept in localStorage.

import { gameChecks } from '../checks/family-checks';
import type { GameVariant } from '../understand/variants';
import type { AppSpec } from '../understand/understand';
import { baseFiles, configFile, honouredLook, lookFor } from './common';
import { exportConst } from './literal';
import { source, type GeneratedFile } from './source';
import type { GeneratedApp } from './types';

const GAMES: Record<GameVariant, { name: string; kind: string; tagline: string; files: Record<string, string>; config: unknown; built: string[] }> = {
  snake: {
    name: 'Snake',
    kind: 'the snake game',
    tagline: 'The classic: steer, eat, grow, and do not bite your tail.',
    files: { 'App.tsx': 'game/snake/App.tsx', 'snake/useSnake.ts': 'game/snake/useSnake.ts' },
    config: { size: 18, startMs: 140 },
    built: [
      'Snake on an 18 × 18 board: arrow keys or WASD to steer, Space to pause, on-screen arrows on touch screens.',
      'It speeds up as you score; walls wrap around; your best score is remembered.',
    ],
  },
  memory: {
    name: 'Memory',
    kind: 'a memory card game',
    tagline: 'Find all the pairs in as few moves as you can.',
    files: { 'App.tsx': 'game/memory/App.tsx' },
    config: { pairs: 8, faces: ['apple', 'cat', 'moon', 'star', 'heart', 'music', 'sun', 'leaf', 'fish', 'rocket', 'bird', 'anchor', 'flower'] },
    built: [
      'A 4 × 4 memory game: click (or Tab and Enter) two cards; pairs stay open, others turn back.',
      'Moves and pairs are counted; your best game (fewest moves) is remembered.',
    ],
  },
  tictactoe: {
    name: 'Tic-Tac-Toe',
    kind: 'tic-tac-toe against the computer or a friend',
    tagline: 'Three in a row wins.',
    files: { 'App.tsx': 'game/tictactoe/App.tsx', 'tictactoe/ai.ts': 'game/tictactoe/tictactoe/ai.ts' },
    config: {},
    built: [
      'Tic-tac-toe against an unbeatable computer (minimax) or a friend on the same device.',
      'The winning line is highlighted; wins and draws are tallied and remembered.',
    ],
  },
};

export function generateGame(spec: AppSpec): GeneratedApp {
  const id = (spec.variant ?? 'snake') as GameVariant;
  const g = GAMES[id];
  const name = spec.name ?? g.name;
  const look = lookFor(spec, 'vibrant');
  const files: GeneratedFile[] = Object.entries(g.files).map(([to, from]) => ({ path: `client/src/${to}`, content: source(from) }));
  return {
    name,
    files: [
      ...baseFiles({ title: name, description: g.tagline, look, parts: ['storage'] }),
      configFile('game', id, 'Name and game settings.', [exportConst('app', { name, tagline: g.tagline }), exportConst('game', g.config)].join('\n')),
      { path: 'client/src/components/GameShell.tsx', content: source('game/GameShell.tsx') },
      ...files,
      ...gameChecks(id),
    ],
    kind: g.kind,
    summary: `Built ${name}, a browser game`,
    built: g.built,
    honoured: [honouredLook(look)],
    unsupported: [],
  };
}
