import type {
  AnswerValue,
  FormDefinition,
  FormField,
  SubmissionDto,
  SubmissionListResponse,
} from '@formwerk/contracts';
import { AppLink, formatDateTime, localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import {
  type ColumnDef,
  type ColumnFiltersState,
  flexRender,
  getCoreRowModel,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScanStopped } from '../../../components/scan-stopped';
import { answerableFields, describeAnswer } from '../../../utils/answer-text';
import { toErrorKey } from '../../../utils/error-key';
import { listFormSubmissions } from '../api/submissions-api';
import { useColumnVisibility } from '../hooks/use-column-visibility';
import { ColumnChooser } from './column-chooser';
import { ColumnFilter } from './column-filter';
import { DeleteSelectedButton } from './delete-selected-button';
import { ExportLinks } from './export-links';
import { ReferenceSearch } from './reference-search';
import './submissions.css';

type SubmissionsTableProps = { formId: string; definition: FormDefinition };

const pageSize = 50;
const estimatedRowHeight = 45;
// Answers the api can match as text; numbers, yes/no and files are not stored as text.
const filterableTypes = new Set<FormField['type']>([
  'shortText',
  'longText',
  'email',
  'phone',
  'time',
  'hidden',
  'singleChoice',
  'multipleChoice',
  'dropdown',
]);
const ariaSortOf = { asc: 'ascending', desc: 'descending' } as const;

/**
 * One form's submissions, paged, sorted and filtered by the api; only the rows in view are in the
 * document, so a page of long answers scrolls smoothly.
 */
export function SubmissionsTable({ formId, definition }: SubmissionsTableProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const navigate = useNavigate();
  const fields = useMemo(() => answerableFields(definition), [definition]);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'createdAt', desc: true }]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [referenceSearch, setReferenceSearch] = useState('');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(formId);
  const [list, setList] = useState<SubmissionListResponse | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [reloadCount, setReloadCount] = useState(0);
  const scrollElement = useRef<HTMLDivElement>(null);

  const labelOf = useCallback((field: FormField) => field.label || t('submissions.untitledField'), [t]);
  const filter = useMemo(
    () => Object.fromEntries(columnFilters.map((entry) => [entry.id, String(entry.value)])),
    [columnFilters],
  );
  const [sort] = sorting;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloadCount` asks for the page again (after a delete or "Try again").
  useEffect(() => {
    let isCurrent = true;
    setIsLoading(true);
    setErrorKey(null);
    listFormSubmissions(formId, {
      page: pagination.pageIndex + 1,
      pageSize,
      sort: sort?.id ?? 'createdAt',
      order: sort?.desc === false ? 'asc' : 'desc',
      filter,
      reference: referenceSearch,
    }).then(
      (result) => {
        if (!isCurrent) return;
        const lastPageIndex = Math.max(0, Math.ceil(result.total / pageSize) - 1);
        // After deleting the last rows of the last page, show the page before it.
        if (result.submissions.length === 0 && pagination.pageIndex > lastPageIndex) {
          setPagination((current) => ({ ...current, pageIndex: lastPageIndex }));
          return;
        }
        setList(result);
        setRowSelection({});
        setIsLoading(false);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setErrorKey(toErrorKey(error));
        setIsLoading(false);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [formId, pagination.pageIndex, sort, filter, referenceSearch, reloadCount]);

  // A reference or score column only where the form numbers or scores its submissions; kept while
  // searching or sorting by it, so the search box and the sort do not vanish with the rows.
  const hasReferences =
    referenceSearch !== '' || sort?.id === 'reference' || (list?.submissions.some((row) => row.reference) ?? false);
  const hasScores = sort?.id === 'score' || (list?.submissions.some((row) => row.score) ?? false);

  const columns = useMemo<ColumnDef<SubmissionDto, AnswerValue | string | undefined>[]>(
    () => [
      {
        id: 'select',
        enableSorting: false,
        enableHiding: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t('submissions.table.selectPage')}
            checked={table.getIsAllPageRowsSelected()}
            ref={(input) => {
              if (input) input.indeterminate = table.getIsSomePageRowsSelected();
            }}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t('submissions.table.selectRow', {
              date: formatDateTime(new Date(row.original.createdAt), locale),
            })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
            // Ticking a row's box selects it; it must not open the submission too.
            onClick={(event) => event.stopPropagation()}
          />
        ),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('submissions.table.createdAt'),
        sortDescFirst: true,
        enableHiding: false,
        cell: ({ row }) => (
          // Out of the tab order: the row itself is the keyboard's way in; the link serves new tabs.
          <AppLink to="v1-submissions-id" params={{ id: row.original.id }} tabIndex={-1}>
            {formatDateTime(new Date(row.original.createdAt), locale)}
          </AppLink>
        ),
      },
      ...(hasReferences
        ? [
            {
              id: 'reference',
              accessorFn: (submission: SubmissionDto) => submission.reference ?? undefined,
              header: t('submissions.table.reference'),
              sortDescFirst: false,
              cell: ({ row }: { row: { original: SubmissionDto } }) => (
                <span className="submissions-number">{row.original.reference ?? ''}</span>
              ),
            },
          ]
        : []),
      ...(hasScores
        ? [
            {
              id: 'score',
              accessorFn: (submission: SubmissionDto) => submission.score?.points,
              header: t('submissions.table.score'),
              sortDescFirst: true,
              cell: ({ row }: { row: { original: SubmissionDto } }) =>
                row.original.score ? (
                  <span className="submissions-number">
                    {t('submissions.table.scoreValue', {
                      points: row.original.score.points,
                      maxPoints: row.original.score.maxPoints,
                    })}
                  </span>
                ) : null,
            },
          ]
        : []),
      ...fields.map(
        (field): ColumnDef<SubmissionDto, AnswerValue | string | undefined> => ({
          id: field.id,
          accessorFn: (submission) => submission.answers[field.id],
          header: labelOf(field),
          sortDescFirst: false,
          cell: ({ row }) =>
            describeAnswer(field, row.original.answers[field.id], locale, {
              yes: t('submissions.answer.yes'),
              no: t('submissions.answer.no'),
            }),
        }),
      ),
    ],
    [fields, labelOf, locale, t, hasReferences, hasScores],
  );

  const onSortingChange = (update: SortingState | ((current: SortingState) => SortingState)) => {
    setSorting(update);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };
  const onColumnFiltersChange = (
    update: ColumnFiltersState | ((current: ColumnFiltersState) => ColumnFiltersState),
  ) => {
    setColumnFilters(update);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };

  const table = useReactTable({
    data: list?.submissions ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (submission) => submission.id,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    rowCount: list?.total ?? 0,
    state: { sorting, columnFilters, pagination, rowSelection, columnVisibility },
    onSortingChange,
    onColumnFiltersChange,
    onPaginationChange: setPagination,
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setColumnVisibility,
  });

  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => estimatedRowHeight,
    // Generous, so keyboard focus moving row by row rarely reaches a row not yet in the document.
    overscan: 10,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const fieldOf = (columnId: string) => fields.find((field) => field.id === columnId);
  const selectedIds = Object.keys(rowSelection);
  const hasFilters = columnFilters.length > 0 || referenceSearch !== '';
  const onReferenceSearch = useCallback((text: string) => {
    setReferenceSearch(text);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  }, []);
  const ownColumns = [
    ...(hasReferences ? [{ id: 'reference', label: t('submissions.table.reference') }] : []),
    ...(hasScores ? [{ id: 'score', label: t('submissions.table.score') }] : []),
  ];

  const openSubmission = (submissionId: string) =>
    navigate(localePath('v1-submissions-id', locale, { id: submissionId }));
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, submissionId: string) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) openSubmission(submissionId);
  };

  if (list === null) {
    return errorKey ? (
      <div className="ui-card">
        <p role="alert" className="ui-error">
          {t(errorKey)}
        </p>
        <Button variant="secondary" onClick={() => setReloadCount((count) => count + 1)}>
          {t('retry')}
        </Button>
      </div>
    ) : (
      <p role="status">{t('loading')}</p>
    );
  }

  if (list.total === 0 && !hasFilters) {
    return (
      <div className="ui-card ui-empty">
        <h2>{t('submissions.empty.title')}</h2>
        <p>{t('submissions.empty.text')}</p>
        <AppLink to="v1-forms-id-share" params={{ id: formId }} className="ui-button ui-button--primary">
          {t('submissions.empty.share')}
        </AppLink>
      </div>
    );
  }

  const pageCount = Math.max(1, table.getPageCount());
  return (
    <section className="ui-card" aria-labelledby="submissions-table-title">
      <div className="submissions-toolbar">
        <h2 id="submissions-table-title">{t('submissions.table.count', { count: list.total })}</h2>
        <div className="ui-toolbar">
          <DeleteSelectedButton
            formId={formId}
            ids={selectedIds}
            onDeleted={() => setReloadCount((count) => count + 1)}
          />
          <ColumnChooser
            columns={[...ownColumns, ...fields.map((field) => ({ id: field.id, label: labelOf(field) }))].map(
              (column) => ({
                ...column,
                isVisible: table.getColumn(column.id)?.getIsVisible() ?? true,
                onToggle: () => table.getColumn(column.id)?.toggleVisibility(),
              }),
            )}
          />
          <ExportLinks
            formId={formId}
            filter={filter}
            reference={referenceSearch}
            selectedIds={selectedIds}
            total={list.scan?.isIncomplete ? null : list.total}
          />
        </div>
      </div>
      {hasReferences ? <ReferenceSearch value={referenceSearch} onChange={onReferenceSearch} /> : null}
      <p className="submissions-status" role="status">
        {isLoading ? t('loading') : errorKey ? null : t('submissions.table.selected', { count: selectedIds.length })}
      </p>
      {/* A filter or a sort the api answers by reading the submissions one by one, stopped at its time limit. */}
      <ScanStopped scan={list.scan} messageKey="submissions.table.scanStopped" className="submissions-scan-stopped" />
      {errorKey ? (
        <p role="alert" className="ui-error">
          {t(errorKey)}{' '}
          <Button variant="secondary" onClick={() => setReloadCount((count) => count + 1)}>
            {t('retry')}
          </Button>
        </p>
      ) : null}
      <div className="submissions-scroll" ref={scrollElement}>
        <table className="ui-table submissions-table" aria-rowcount={(list.total > 0 ? rows.length : 1) + 2}>
          <thead>
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id} aria-rowindex={1}>
                {headerGroup.headers.map((header) => {
                  const sortDirection = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        header.column.getCanSort() ? (sortDirection ? ariaSortOf[sortDirection] : 'none') : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="submissions-sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">
                            {sortDirection === 'asc' ? ' ▲' : sortDirection === 'desc' ? ' ▼' : ''}
                          </span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
            <tr className="submissions-filters" aria-rowindex={2}>
              {table.getVisibleLeafColumns().map((column) => {
                const field = fieldOf(column.id);
                return (
                  <td key={column.id}>
                    {field && filterableTypes.has(field.type) ? (
                      <ColumnFilter
                        field={field}
                        label={labelOf(field)}
                        value={String(column.getFilterValue() ?? '')}
                        onChange={column.setFilterValue}
                      />
                    ) : null}
                  </td>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 ? (
              <tr>
                <td aria-hidden="true" colSpan={visibleColumnCount} style={{ height: paddingTop, padding: 0 }} />
              </tr>
            ) : null}
            {virtualRows.map((virtualRow) => {
              const row = rows[virtualRow.index];
              if (!row) return null;
              return (
                <tr
                  key={row.id}
                  ref={virtualizer.measureElement}
                  data-index={virtualRow.index}
                  aria-rowindex={virtualRow.index + 3}
                  className={row.getIsSelected() ? 'submissions-row submissions-row--selected' : 'submissions-row'}
                  tabIndex={0}
                  onClick={() => openSubmission(row.id)}
                  onKeyDown={(event) => onRowKeyDown(event, row.id)}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              );
            })}
            {paddingBottom > 0 ? (
              <tr>
                <td aria-hidden="true" colSpan={visibleColumnCount} style={{ height: paddingBottom, padding: 0 }} />
              </tr>
            ) : null}
            {rows.length === 0 ? (
              <tr aria-rowindex={3}>
                <td colSpan={visibleColumnCount} className="ui-hint">
                  {t('submissions.table.noMatches')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav className="submissions-pagination" aria-label={t('submissions.table.pagination')}>
        <Button variant="secondary" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          {t('submissions.table.previous')}
        </Button>
        <span>{t('submissions.table.page', { page: pagination.pageIndex + 1, pages: pageCount })}</span>
        <Button variant="secondary" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          {t('submissions.table.next')}
        </Button>
      </nav>
    </section>
  );
}
