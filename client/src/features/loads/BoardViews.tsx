import { lazy, Suspense, useState } from 'react';
import { Button, Field, Flex, NativeSelect } from '@chakra-ui/react';
import { Bookmark, Trash2 } from 'lucide-react';
import type { BuiltInLoadView } from '#shared/schemas/load-board.js';
import {
  builtInViewFilters,
  BUILT_IN_VIEW_NAMES,
  hasFilters,
  localToday,
  NO_FILTERS,
  sameFilters,
  type LoadFilters,
} from './board-filters';
import { useSavedViews } from './saved-views';

const SaveViewDialog = lazy(() => import('./ViewDialogs').then((module) => ({ default: module.SaveViewDialog })));
const DeleteViewDialog = lazy(() => import('./ViewDialogs').then((module) => ({ default: module.DeleteViewDialog })));

const BUILT_INS = Object.keys(BUILT_IN_VIEW_NAMES) as BuiltInLoadView[];

/**
 * Views (issue 26, item 1): the built-ins ("Today's pickups", ... relative to the viewer's today)
 * and the person's own, saved in this browser. A view is filters and sort, not the search box's
 * text. Choosing one sets the address; the view shown as chosen is the one whose filters and sort
 * the address holds exactly.
 */
export function BoardViews({
  userId,
  filters,
  onChange,
}: {
  userId: string;
  filters: LoadFilters;
  onChange: (filters: LoadFilters) => void;
}) {
  const today = localToday();
  const { views, save, remove } = useSavedViews(userId);
  const [dialog, setDialog] = useState<'save' | 'delete' | null>(null);

  const builtIn = BUILT_INS.find((view) => sameFilters(filters, builtInViewFilters(view, today)));
  const saved = builtIn ? undefined : views.find((view) => sameFilters(filters, view.filters));
  const chosen = builtIn
    ? `built-in:${builtIn}`
    : saved
      ? `saved:${saved.id}`
      : hasFilters(filters) || filters.sort !== NO_FILTERS.sort
        ? 'custom'
        : 'all';

  // A view is filters and sort: the search typed stays as it is.
  const apply = (view: LoadFilters) => onChange({ ...view, search: filters.search });
  const choose = (value: string) => {
    if (value === 'all') apply(NO_FILTERS);
    const [kind, id] = value.split(':');
    if (kind === 'built-in') apply(builtInViewFilters(id as BuiltInLoadView, today));
    if (kind === 'saved') {
      const view = views.find((candidate) => candidate.id === id);
      if (view) apply(view.filters);
    }
  };

  return (
    <Flex gap="2" align="end" wrap="wrap">
      <Field.Root w={{ base: 'full', sm: '56' }}>
        <Field.Label fontSize="sm">View</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field bg="white" value={chosen} onChange={(event) => choose(event.target.value)}>
            <option value="all">All loads</option>
            {chosen === 'custom' ? <option value="custom">Custom filters</option> : null}
            <optgroup label="Views">
              {BUILT_INS.map((view) => (
                <option key={view} value={`built-in:${view}`}>
                  {BUILT_IN_VIEW_NAMES[view]}
                </option>
              ))}
            </optgroup>
            {views.length > 0 ? (
              <optgroup label="My views">
                {views.map((view) => (
                  <option key={view.id} value={`saved:${view.id}`}>
                    {view.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button size="sm" variant="outline" bg="white" onClick={() => setDialog('save')}>
        <Bookmark aria-hidden="true" /> Save view
      </Button>
      {saved ? (
        <Button size="sm" variant="outline" bg="white" colorPalette="red" onClick={() => setDialog('delete')}>
          <Trash2 aria-hidden="true" /> Delete view
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {dialog === 'save' ? (
          <SaveViewDialog
            onClose={() => setDialog(null)}
            onSave={(name) => {
              const view = save(name, filters);
              setDialog(null);
              return view;
            }}
          />
        ) : null}
        {dialog === 'delete' && saved ? (
          <DeleteViewDialog
            name={saved.name}
            onClose={() => setDialog(null)}
            onDelete={() => {
              remove(saved.id);
              setDialog(null);
            }}
          />
        ) : null}
      </Suspense>
    </Flex>
  );
}
