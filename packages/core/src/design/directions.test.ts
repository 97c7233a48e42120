import { describe, expect, it } from 'vitest';
import { DesignDirection } from '../contract/plans';
import { DESIGN_DIRECTIONS, directionsFor } from './directions';

describe('design directions', () => {
  it('are each a valid direction, with a unique id', () => {
    for (const d of DESIGN_DIRECTIONS) expect(DesignDirection.safeParse(d).success, d.id).toBe(true);
    expect(new Set(DESIGN_DIRECTIONS.map((d) => d.id)).size).toBe(DESIGN_DIRECTIONS.length);
  });

  it('suit what the request is about, three different ones', () => {
    expect(directionsFor('a workout log with sets and reps').map((d) => d.id)).toEqual(['energetic', 'neon', 'monochrome']);
    expect(directionsFor('A recipe box for my family').map((d) => d.id)).toEqual(['earthy', 'coffee', 'calm']);
    expect(directionsFor('an expense tracker').map((d) => d.id)).toEqual(['corporate', 'monochrome', 'ocean']);
    const fallback = directionsFor('something');
    expect(fallback.map((d) => d.id)).toEqual(['calm', 'vibrant', 'monochrome']);
    for (const request of ['a workout log', 'a recipe box', 'a band voting app', 'x']) expect(new Set(directionsFor(request).map((d) => d.id)).size).toBe(3);
  });
});
