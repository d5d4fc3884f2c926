import { describe, expect, it } from 'vitest';
import { gridKeyAction, nextPlace } from '@renderer/components/grid/keyboard';
import type { GridKeyAction, GridKeyState, KeyInput } from '@renderer/components/grid/keyboard';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrl: false,
  shift: false,
  alt: false,
  meta: false,
  ...mods,
});
const selected: GridKeyState = { active: true, editing: false };
const editing: GridKeyState = { active: true, editing: true };
const idle: GridKeyState = { active: false, editing: false };

describe('the grid keyboard map', () => {
  it.each<[string, KeyInput, GridKeyState, GridKeyAction]>([
    ['Escape on a selected cell leaves the grid', key('Escape'), selected, 'leave'],
    ['Escape in an open cell only closes it (datasheet-grid)', key('Escape'), editing, 'none'],
    ['Escape without an active cell does nothing', key('Escape'), idle, 'none'],
    ['Shift+Escape is no leave', key('Escape', { shift: true }), selected, 'none'],
    ['F8 goes to the next message', key('F8'), selected, 'nextMessage'],
    ['F8 also from an open cell', key('F8'), editing, 'nextMessage'],
    ['Shift+F8 goes to the previous message', key('F8', { shift: true }), selected, 'previousMessage'],
    ['Ctrl+F8 is the system’s', key('F8', { ctrl: true }), selected, 'none'],
    ['F8 without an active cell does nothing', key('F8'), idle, 'none'],
    ['Enter stays datasheet-grid’s', key('Enter'), selected, 'none'],
    ['typing stays datasheet-grid’s', key('a'), selected, 'none'],
    ['Alt+Escape is the system’s', key('Escape', { alt: true }), selected, 'none'],
  ])('%s', (_name, input, state, action) => {
    expect(gridKeyAction(input, state)).toBe(action);
  });

  it('finds the next and previous message place in reading order, wrapping around', () => {
    const places = [
      { row: 3, col: 0 },
      { row: 1, col: 2 },
      { row: 1, col: 0 },
    ];
    expect(nextPlace(places, { row: 1, col: 0 }, 1)).toEqual({ row: 1, col: 2 });
    expect(nextPlace(places, { row: 1, col: 2 }, 1)).toEqual({ row: 3, col: 0 });
    expect(nextPlace(places, { row: 3, col: 0 }, 1)).toEqual({ row: 1, col: 0 });
    expect(nextPlace(places, { row: 1, col: 0 }, -1)).toEqual({ row: 3, col: 0 });
    expect(nextPlace(places, null, 1)).toEqual({ row: 1, col: 0 });
    expect(nextPlace([], null, 1)).toBeUndefined();
  });
});
