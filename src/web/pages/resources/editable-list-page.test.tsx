// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { TextField } from '../../components/ui/field';
import { sessionKeys } from '../../api/session';
import EditableListPage from './editable-list-page';

const USER = {
  id: 5, first_name: 'Ada', last_name: 'L', email: 'ada@example.com', nick_name: 'adal', country_code: null, phone_number: null,
  role: 2, role_text: 'Manager', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '',
};

afterEach(cleanup);

interface Item {
  id: number;
  name: string;
  owner: boolean;
}
type Values = { name: string };

function NameField({ value, set, errors }: FieldsProps<Values, undefined>) {
  return <TextField label="Item name" value={value.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} />;
}

/** A resource over an in-memory list; saving the name "taken" fails as the service would, naming the field. */
function setup(items: Item[], role = 2) {
  const useSave = (id: number | null) => {
    const qc = useQueryClient();
    return useMutation({
      mutationFn: async (v: Values) => {
        if (v.name === 'taken') throw new ApiError(400, 'an item named taken exists', 'name');
        if (id === null) items.push({ id: items.length + 1, name: v.name, owner: false });
        else items.forEach((i) => i.id === id && (i.name = v.name));
      },
      onSuccess: () => qc.invalidateQueries({ queryKey: ['items'] }),
    });
  };
  const useDelete = () => {
    const qc = useQueryClient();
    return useMutation({ mutationFn: async (id: number) => void items.splice(items.findIndex((i) => i.id === id), 1), onSuccess: () => qc.invalidateQueries({ queryKey: ['items'] }) });
  };
  const resource = editable<Item, Values, Values>({
    permission: 'server_tags.write',
    labels: {
      title: 'Items',
      loading: 'items',
      empty: 'No items.',
      add: 'New item',
      addTitle: 'New item',
      editTitle: (i) => `Edit item ${i.name}`,
      save: (creating) => (creating ? 'Create item' : 'Save item'),
      edit: (i) => `Edit ${i.name}`,
      delete: (i) => `Delete ${i.name}`,
      confirm: (i) => ({ question: `Delete ${i.name}?`, detail: 'It is gone for good.' }),
    },
    useList: () => useQuery({ queryKey: ['items'], queryFn: async () => items.map((i) => ({ ...i })) }),
    useSave,
    useDelete,
    canDelete: (i) => !i.owner,
    columns: [{ header: 'Name', cell: (i) => i.name, text: (i) => i.name }],
    toForm: (i) => ({ name: i?.name ?? '' }),
    toInput: (v) => ({ name: v.name.trim() }),
    schema: () => z.object({ name: z.string().min(1, { error: 'name must not be empty' }) }),
    Fields: NameField,
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(sessionKeys.current, { user: { ...USER, role }, csrf_token: 't' });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <EditableListPage resource={resource} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('EditableListPage', () => {
  it('lists the rows, filters them, and shows no delete button where the resource forbids it', async () => {
    setup([
      { id: 1, name: 'alpha', owner: true },
      { id: 2, name: 'beta', owner: false },
    ]);
    const table = await screen.findByRole('table', { name: 'Items' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Delete alpha' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete beta' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'BET' } });
    expect(within(table).queryByRole('row', { name: /alpha/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'zzz' } });
    expect(screen.getByText('Nothing matches "zzz".')).toBeTruthy();
  });

  it('adds an item: the schema error, then the service error, each at its field', async () => {
    setup([]);
    expect(await screen.findByText('No items.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New item' }));
    const panel = screen.getByRole('region', { name: 'New item' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create item' }));
    const name = within(panel).getByLabelText('Item name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('name must not be empty');
    fireEvent.change(name, { target: { value: 'taken' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create item' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('an item named taken exists'));
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    fireEvent.change(name, { target: { value: ' gamma ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create item' }));
    expect(await screen.findByRole('row', { name: /gamma/ })).toBeTruthy();
    // The refetched list can draw before the save's own success closes the form.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'New item' })).toBeNull());
  });

  it('edits a row in a form filled from it, and deletes one after asking', async () => {
    setup([{ id: 1, name: 'alpha', owner: false }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit alpha' }));
    const panel = screen.getByRole('region', { name: 'Edit item alpha' });
    const name = within(panel).getByLabelText('Item name') as HTMLInputElement;
    expect(name.value).toBe('alpha');
    fireEvent.change(name, { target: { value: 'omega' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save item' }));
    expect(await screen.findByRole('row', { name: /omega/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete omega' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete omega?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No items.')).toBeTruthy();
  });

  it('is read-only without the Manager role: no add, edit or delete, and says why', async () => {
    setup([{ id: 1, name: 'alpha', owner: false }], 3);
    expect(await screen.findByRole('table', { name: 'Items' })).toBeTruthy();
    expect(screen.getByText('Read-only: changing this needs the Manager role.')).toBeTruthy();
    for (const name of ['New item', 'Edit alpha', 'Delete alpha']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
