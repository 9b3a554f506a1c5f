import { describe, expect, it } from 'vitest';
import { initialLayout } from './board-layout';
import { boardKeyAction } from './use-board-keys';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  boardKeyAction({ key, ctrlKey: false, metaKey: false, altKey: false, target: null, ...modifiers });

describe("the board's keyboard", () => {
  it('maps each shortcut to its action', () => {
    expect(press('/')).toBe('search');
    expect(press('j')).toBe('next');
    expect(press('k')).toBe('previous');
    expect(press('Enter')).toBe('open');
    expect(press('n')).toBe('create');
    expect(press('?')).toBe('help');
    expect(press('x')).toBeNull();
  });

  it("leaves the browser's own shortcuts alone", () => {
    expect(press('n', { ctrlKey: true })).toBeNull();
    expect(press('k', { metaKey: true })).toBeNull();
    expect(press('j', { altKey: true })).toBeNull();
  });
});

describe("the board's layout", () => {
  it('is the table on a wide screen and cards on a phone, until a choice is remembered', () => {
    expect(initialLayout(null, true)).toBe('table');
    expect(initialLayout(null, false)).toBe('cards');
    expect(initialLayout('cards', true)).toBe('cards');
    expect(initialLayout('table', false)).toBe('table');
    expect(initialLayout('grid', true)).toBe('table');
  });
});
