import type { SigningRequestSummary } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { CellLabel, TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequestDeadline, RequestProgress } from './request-progress';
import { RequestStatusBadge } from './request-status-badge';

type RequestTableProps = {
  labelledBy: string;
  requests: SigningRequestSummary[];
  isLoading: boolean;
  /** The address of a request's page. */
  hrefOf: (requestId: string) => string;
};

/**
 * The requests of one page, newest first: where each stands, how far its people are, who sent it when
 * and until when it runs; the title opens it. On a phone each row is a card, each value under its
 * column's name (CellLabel).
 */
export function RequestTable({ labelledBy, requests, isLoading, hrefOf }: RequestTableProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const column = (key: string) => t(`signingRequests.columns.${key}`);
  return (
    <TableFrame labelledBy={labelledBy}>
      <table className="ui-table ui-table--cards signing-table" aria-labelledby={labelledBy} aria-busy={isLoading}>
        <thead>
          <tr>
            <th scope="col">{column('title')}</th>
            <th scope="col">{column('status')}</th>
            <th scope="col">{column('progress')}</th>
            <th scope="col">{column('sender')}</th>
            <th scope="col">{column('sentAt')}</th>
            <th scope="col">{column('deadline')}</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id}>
              <td className="signing-table__title">
                <Link to={hrefOf(request.id)}>{request.title}</Link>
              </td>
              <td>
                <CellLabel>{column('status')}</CellLabel>
                <RequestStatusBadge status={request.status} />
              </td>
              <td>
                <CellLabel>{column('progress')}</CellLabel>
                <RequestProgress request={request} />
              </td>
              <td>
                <CellLabel>{column('sender')}</CellLabel>
                {request.sender.name}
              </td>
              <td>
                <CellLabel>{column('sentAt')}</CellLabel>
                <time dateTime={request.createdAt}>{formatDateTime(new Date(request.createdAt), locale)}</time>
              </td>
              <td>
                <CellLabel>{column('deadline')}</CellLabel>
                <RequestDeadline request={request} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
