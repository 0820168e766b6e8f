// Stub: replaced by the sending feature (helper A).
export function SendDocumentView({ documentId }: { documentId: string }) {
  return <p>{documentId}</p>;
}
