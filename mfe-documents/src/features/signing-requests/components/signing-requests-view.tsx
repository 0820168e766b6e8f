// Stub: replaced by the requests feature (helper B).
export function SigningRequestsView() {
  return <p />;
}
