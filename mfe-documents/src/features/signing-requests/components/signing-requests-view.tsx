import { useRequestsParams } from '../hooks/use-requests-params';
import { RequestDetail } from './request-detail';
import { RequestList } from './request-list';
import { RequestsSwitch } from './requests-switch';
import './signing-requests.css';

/**
 * The requests the team sent for signature, on the library's route: `?view=requests` lists them
 * (`&page=`), `?request={id}` shows one with its people and audit trail.
 */
export function SigningRequestsView() {
  const { page, requestId, changePage } = useRequestsParams();
  return (
    <div className="signing-requests">
      <RequestsSwitch current={requestId === null ? 'requests' : 'request'} />
      {requestId === null ? (
        <RequestList page={page} onPageChange={changePage} />
      ) : (
        <RequestDetail key={requestId} requestId={requestId} />
      )}
    </div>
  );
}
