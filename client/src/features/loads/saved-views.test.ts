import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './board-filters';
import { deleteView, readSavedViews, savedViewsKey, saveView } from './saved-views';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe("a person's saved views", () => {
  it('are saved per user, read back as filters, and deleted', () => {
    const storage = memoryStorage();
    const view = saveView(storage, 'user-a', '  Reefers late  ', { ...NO_FILTERS, late: true, sort: 'deliveryDate', direction: 'asc' });
    expect(view.name).toBe('Reefers late');
    expect(readSavedViews(storage, 'user-a')).toEqual([view]);
    expect(readSavedViews(storage, 'user-b')).toEqual([]);
    deleteView(storage, 'user-a', view.id);
    expect(readSavedViews(storage, 'user-a')).toEqual([]);
  });

  it('a view saved again under the same name replaces it', () => {
    const storage = memoryStorage();
    saveView(storage, 'user-a', 'Mine', { ...NO_FILTERS, late: true });
    saveView(storage, 'user-a', 'MINE', { ...NO_FILTERS, unassigned: true });
    const views = readSavedViews(storage, 'user-a');
    expect(views).toHaveLength(1);
    expect(views[0]?.filters.unassigned).toBe(true);
  });

  it('what is stored passes the address checks: odd entries and values are dropped', () => {
    const storage = memoryStorage();
    storage.setItem(
      savedViewsKey('user-a'),
      JSON.stringify([{ id: 'v1', name: 'Odd', address: { statuses: 'nope', late: true } }, { name: 'no id' }, 'text', null]),
    );
    expect(readSavedViews(storage, 'user-a')).toEqual([{ id: 'v1', name: 'Odd', filters: { ...NO_FILTERS, late: true } }]);
    storage.setItem(savedViewsKey('user-a'), '{not json');
    expect(readSavedViews(storage, 'user-a')).toEqual([]);
  });
});
