'use client';
import { readPreferences } from './preferences';

// A short two-tone chime made with WebAudio (no audio file to download or cache).
// G5 then C6: a rising perfect fourth reads as "done" rather than "alert".
const NOTES: readonly { freq: number; at: number }[] = [
  { freq: 783.99, at: 0 },
  { freq: 1046.5, at: 0.13 },
];
const NOTE_LENGTH = 0.55;
const VOLUME = 0.14;

type AudioContextCtor = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  if (context && context.state !== 'closed') return context;
  const Ctor: AudioContextCtor | undefined = window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

function bell(ctx: AudioContext, freq: number, start: number): void {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.012);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + NOTE_LENGTH);
  gain.connect(ctx.destination);

  // A sine fundamental with a faint octave partial gives a soft bell rather than a beep.
  for (const [multiple, level, type] of [
    [1, 1, 'sine'],
    [2, 0.18, 'triangle'],
  ] as const) {
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.setValueAtTime(freq * multiple, start);
    const partial = ctx.createGain();
    partial.gain.value = level;
    osc.connect(partial).connect(gain);
    osc.start(start);
    osc.stop(start + NOTE_LENGTH + 0.05);
  }
}

/**
 * Plays the "run finished" chime unless the user turned the notification sound off.
 * `force` plays it regardless (the Settings "Test sound" button). Resolves to whether it played;
 * never throws (a browser may refuse audio before the first user gesture).
 */
export async function playRunFinishedSound(options: { force?: boolean } = {}): Promise<boolean> {
  if (!options.force && !readPreferences().notificationSound) return false;
  const ctx = audioContext();
  if (!ctx) return false;
  try {
    if (ctx.state === 'suspended') await ctx.resume();
    if (ctx.state !== 'running') return false;
    const now = ctx.currentTime + 0.02;
    for (const note of NOTES) bell(ctx, note.freq, now + note.at);
    return true;
  } catch {
    return false;
  }
}
