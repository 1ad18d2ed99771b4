import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminDataTable, type AdminDataTableProps } from './admin-data-table';

type Supplier = { id: string; name: string; credits: string };
const columns: AdminDataTableProps<Supplier>['columns'] = [
  { key: 'name', header: 'Nome', sort: 'name', cell: (row) => row.name },
  { key: 'credits', header: 'Créditos', cell: (row) => row.credits },
];

function renderTable(props: Partial<AdminDataTableProps<Supplier>>) {
  const handlers = { onSearch: vi.fn(), onSort: vi.fn(), onPage: vi.fn(), onRetry: vi.fn() };
  render(
    <AdminDataTable<Supplier>
      caption="Fornecedores"
      columns={columns}
      rows={[]}
      total={0}
      page={1}
      pageCount={1}
      order="asc"
      isLoading={false}
      isFetching={false}
      searchPlaceholder="Buscar fornecedores"
      emptyText="Nenhum fornecedor cadastrado."
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

const pager = () => screen.getByRole('navigation', { name: 'Paginação' });

describe('the admin table', () => {
  it('says it is loading while the first page loads, never that it is empty or has 0 records', () => {
    renderTable({ isLoading: true, isFetching: true });
    expect(within(pager()).getByRole('status').textContent).toBe('Carregando…');
    expect(screen.queryByText('Nenhum fornecedor cadastrado.')).toBeNull();
    expect(pager().textContent).not.toContain('registros');
  });

  it('says the list failed, with a retry, and shows no count nor the empty text', async () => {
    const { onRetry } = renderTable({ loadError: new Error('Erro de conexão') });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar fornecedores.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByText('Nenhum fornecedor cadastrado.')).toBeNull();
    expect(pager().textContent).not.toMatch(/\d+ registros?/);
  });

  it('says an empty list is empty, with its count', () => {
    renderTable({});
    expect(screen.getAllByText('Nenhum fornecedor cadastrado.').length).toBeGreaterThan(0);
    expect(pager().textContent).toContain('0 registros');
  });

  it('shows the rows, one record in the singular, and sorts and pages through the server', async () => {
    const { onSort, onPage } = renderTable({ rows: [{ id: '1', name: 'Fornecedor A', credits: '1.200' }], total: 1, page: 1, pageCount: 2, sort: 'name' });
    const table = screen.getByRole('table', { name: 'Fornecedores' });
    expect(within(table).getByText('1.200')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /Nome/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(pager().textContent).toContain('1 registro');
    expect(pager().textContent).not.toContain('1 registros');
    await userEvent.click(within(table).getByRole('button', { name: 'Nome' }));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getByRole('button', { name: 'Página anterior' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('passes each key of the search on, trimmed, for the list to wait for a pause', async () => {
    const { onSearch } = renderTable({});
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar fornecedores' }), ' ab');
    expect(onSearch.mock.calls.map(([text]) => text)).toEqual(['', 'a', 'ab']);
  });
});
