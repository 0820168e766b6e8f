import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateDocumentShareRequest,
  type CreateDocumentShareResponse,
  type DocumentShareEntry,
  documentSharesMax,
  type SharedDocument,
  type SharedDocumentListResponse,
  sharedDocumentPageSize,
} from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { openLibraryFile } from '../files/files.service';
import { type Group, GroupModel } from '../groups/group.model';
import { queueMail } from '../mail/mail.service';
import { findTeam, findTeamsOfUser } from '../teams/teams.service';
import { findUserByEmail, findUserById, findUsersByIds } from '../users/users.service';
import { DocumentShareModel, type DocumentShareRecord } from './document-share.model';
import type { Actor } from './documents.service';
import { type LibraryDocument, LibraryDocumentModel } from './library-document.model';

// Sharing a library document beyond its team's library page (decision 020): with people by address,
// with a group of the team, or as an expiring link. Every read is by equality: a document's shares by
// `documentId`, "Shared with me" by one `recipientKey` per address and group of the reader.

const dayMs = 24 * 60 * 60_000;
// "Shared with me" reads at most this many shares per key of the reader; more than that for one
// address or group is beyond what a person can look through, and the newest come first.
const sharesPerKeyLimit = 2000;

const notFound = () => new AppError('NOT_FOUND', 404, 'No such document');
const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const groupKey = (groupId: string) => `group:${groupId}`;
const linkKey = (token: string) => `link:${createHash('sha256').update(token).digest('hex')}`;

async function findDocumentOfTeam(teamId: number, documentId: string): Promise<LibraryDocument> {
  const document = await LibraryDocumentModel.findOne({ _id: documentId, teamId }).lean<LibraryDocument>();
  if (!document) throw notFound();
  return document;
}

/** Taking a share back: who made it, and the team's owner and admins. */
function assertMayRevoke(actor: Actor, share: DocumentShareRecord): void {
  if (actor.role === 'owner' || actor.role === 'admin' || share.sharedBy.toString() === actor.userId) return;
  throw new AppError('FORBIDDEN', 403, 'Only who shared it, or the team’s owner and admins, may take this back');
}

async function toShareEntries(teamId: number, shares: DocumentShareRecord[]): Promise<DocumentShareEntry[]> {
  const emails = [...new Set(shares.flatMap((share) => (share.email ? [share.email] : [])))];
  const [people, groups, sharers] = await Promise.all([
    Promise.all(emails.map((email) => findUserByEmail(email))),
    GroupModel.find({ teamId }).lean<Group[]>(),
    findUsersByIds([...new Set(shares.map((share) => share.sharedBy.toString()))]),
  ]);
  const nameOfEmail = new Map(people.flatMap((user) => (user ? [[user.email, user.name] as const] : [])));
  const nameOfGroup = new Map(groups.map((group) => [group._id.toString(), group.name]));
  const nameOfSharer = new Map(sharers.map((user) => [user._id.toString(), user.name]));
  return shares
    .sort((left, right) => right.sharedAt.getTime() - left.sharedAt.getTime())
    .flatMap((share): DocumentShareEntry[] => {
      const common = {
        id: share._id.toString(),
        sharedAt: share.sharedAt.toISOString(),
        sharedBy: {
          id: share.sharedBy.toString(),
          name: nameOfSharer.get(share.sharedBy.toString()) ?? share.sharedByName,
        },
      };
      if (share.kind === 'person' && share.email) {
        return [{ ...common, kind: 'person', email: share.email, name: nameOfEmail.get(share.email) ?? null }];
      }
      if (share.kind === 'group' && share.groupId) {
        const groupId = share.groupId.toString();
        // A deleted group's share reaches nobody: it is not listed (and goes with the next change).
        const name = nameOfGroup.get(groupId);
        return name === undefined ? [] : [{ ...common, kind: 'group', groupId, name }];
      }
      if (share.kind === 'link' && share.expiresAt) {
        return [{ ...common, kind: 'link', expiresAt: share.expiresAt.toISOString() }];
      }
      return [];
    });
}

/** GET /documents/{id}/shares */
export async function listShares(actor: Actor, documentId: string): Promise<DocumentShareEntry[]> {
  const document = await findDocumentOfTeam(actor.teamId, documentId);
  const shares = await DocumentShareModel.find({ documentId: document._id }).lean<DocumentShareRecord[]>();
  return toShareEntries(actor.teamId, shares);
}

/** Stores one share; the same recipient twice is the share there is (a unique index decides races). */
async function insertShare(record: Omit<DocumentShareRecord, '_id'>): Promise<DocumentShareRecord | null> {
  try {
    return (await DocumentShareModel.create(record)).toObject() as DocumentShareRecord;
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

/**
 * POST /documents/{id}/shares: with people (each told by mail, in the language of their account or
 * else the sharer's), with a group of the team, or a new link valid for `days`.
 */
export async function createShares(
  actor: Actor,
  documentId: string,
  request: CreateDocumentShareRequest,
): Promise<CreateDocumentShareResponse> {
  const document = await findDocumentOfTeam(actor.teamId, documentId);
  const existing = await DocumentShareModel.find({ documentId: document._id }).lean<DocumentShareRecord[]>();
  const adding = request.kind === 'people' ? request.emails.length : 1;
  if (existing.length + adding > documentSharesMax) {
    throw new AppError('SHARES_LIMIT_REACHED', 409, `A document is shared at most ${documentSharesMax} times`, {
      limit: documentSharesMax,
    });
  }
  const sharer = await findUserById(actor.userId);
  if (!sharer) throw new AppError('UNAUTHENTICATED', 401);
  const common = {
    teamId: actor.teamId,
    documentId: document._id,
    email: null,
    groupId: null,
    expiresAt: null,
    sharedBy: sharer._id,
    sharedByName: sharer.name,
    sharedAt: new Date(),
  };

  if (request.kind === 'link') {
    const token = randomBytes(32).toString('base64url');
    const days = request.days ?? 7;
    const share = await insertShare({
      ...common,
      kind: 'link',
      recipientKey: linkKey(token),
      expiresAt: new Date(Date.now() + days * dayMs),
    });
    if (!share) throw new AppError('INTERNAL', 500, 'A new link collided with another');
    return { shares: await toShareEntries(actor.teamId, [share]), linkPath: `/api/v1/shared-links/${token}` };
  }

  if (request.kind === 'group') {
    const group = await GroupModel.findOne({ _id: request.groupId, teamId: actor.teamId }).lean<Group>();
    if (!group) throw new AppError('NOT_FOUND', 404, 'No such group');
    const share =
      (await insertShare({ ...common, kind: 'group', recipientKey: groupKey(request.groupId), groupId: group._id })) ??
      existing.find((candidate) => candidate.recipientKey === groupKey(request.groupId));
    return { shares: await toShareEntries(actor.teamId, share ? [share] : []), linkPath: null };
  }

  // People: the sharer's own address is left out (the library already shows them the document).
  const emails = [...new Set(request.emails.map((email) => email.toLowerCase()))].filter(
    (email) => email !== sharer.email.toLowerCase(),
  );
  const team = await findTeam(actor.teamId);
  const made: DocumentShareRecord[] = [];
  for (const email of emails) {
    const share = await insertShare({ ...common, kind: 'person', recipientKey: emailKey(email), email });
    if (!share) {
      const earlier = existing.find((candidate) => candidate.recipientKey === emailKey(email));
      if (earlier) made.push(earlier);
      continue;
    }
    made.push(share);
    const recipient = await findUserByEmail(email);
    await queueMail({
      kind: 'document-shared',
      to: email,
      locale: recipient?.locale ?? sharer.locale,
      sharerName: sharer.name,
      documentName: document.name,
      teamName: team?.name ?? '',
      message: request.message || null,
    });
  }
  return { shares: await toShareEntries(actor.teamId, made), linkPath: null };
}

/** DELETE /documents/{id}/shares/{shareId}: the person, group or link no longer reaches the document. */
export async function revokeShare(actor: Actor, documentId: string, shareId: string): Promise<void> {
  const document = await findDocumentOfTeam(actor.teamId, documentId);
  const share = await DocumentShareModel.findOne({
    _id: shareId,
    documentId: document._id,
  }).lean<DocumentShareRecord>();
  if (!share) throw new AppError('NOT_FOUND', 404, 'No such share');
  assertMayRevoke(actor, share);
  await DocumentShareModel.deleteOne({ _id: share._id });
}

/** A deleted document's shares go with it (documents.service.ts). */
export async function removeSharesOfDocument(documentId: Types.ObjectId): Promise<void> {
  await DocumentShareModel.deleteMany({ documentId });
}

type Reader = { userId: string; email: string; isEmailVerified: boolean };
type ReaderKey = { key: string; via: SharedDocument['via'] };

/**
 * The keys a person reaches shares by: their address once they have confirmed it (an unconfirmed
 * address may be someone else's), and each group they are in, in every team they belong to.
 */
async function keysOf(reader: Reader): Promise<ReaderKey[]> {
  const keys: ReaderKey[] = reader.isEmailVerified ? [{ key: emailKey(reader.email), via: { kind: 'person' } }] : [];
  const teams = await findTeamsOfUser(reader.userId);
  const groupsPerTeam = await Promise.all(
    teams.map((team) => GroupModel.find({ teamId: team.teamId }).lean<Group[]>()),
  );
  for (const group of groupsPerTeam.flat()) {
    if (group.memberIds.some((memberId) => memberId.toString() === reader.userId)) {
      keys.push({ key: groupKey(group._id.toString()), via: { kind: 'group', name: group.name } });
    }
  }
  return keys;
}

/** The shares that reach a person, one per document (the newest), newest first; never their own. */
async function sharesReaching(reader: Reader): Promise<{ share: DocumentShareRecord; via: ReaderKey['via'] }[]> {
  const keys = await keysOf(reader);
  const found = await Promise.all(
    keys.map(async ({ key, via }) => {
      const shares = await DocumentShareModel.find({ recipientKey: key })
        .limit(sharesPerKeyLimit)
        .lean<DocumentShareRecord[]>();
      return shares.map((share) => ({ share, via }));
    }),
  );
  const newestPerDocument = new Map<string, { share: DocumentShareRecord; via: ReaderKey['via'] }>();
  for (const entry of found.flat()) {
    if (entry.share.sharedBy.toString() === reader.userId) continue;
    const documentId = entry.share.documentId.toString();
    const known = newestPerDocument.get(documentId);
    if (!known || known.share.sharedAt < entry.share.sharedAt) newestPerDocument.set(documentId, entry);
  }
  return [...newestPerDocument.values()].sort(
    (left, right) => right.share.sharedAt.getTime() - left.share.sharedAt.getTime(),
  );
}

/** GET /shared-documents?page=: what others shared with me, newest share first. */
export async function listSharedWithMe(reader: Reader, page: number): Promise<SharedDocumentListResponse> {
  const reaching = await sharesReaching(reader);
  const start = (page - 1) * sharedDocumentPageSize;
  const onPage = reaching.slice(start, start + sharedDocumentPageSize);
  const documents = await Promise.all(
    onPage.map(({ share }) =>
      LibraryDocumentModel.findById(share.documentId, { searchKeys: 0 }).lean<LibraryDocument>(),
    ),
  );
  const teamIds = [...new Set(onPage.map(({ share }) => share.teamId))];
  const teams = await Promise.all(teamIds.map((teamId) => findTeam(teamId)));
  const teamName = new Map(teams.flatMap((team) => (team ? [[team.teamId, team.name] as const] : [])));
  const personIds = new Set<string>();
  onPage.forEach(({ share }, index) => {
    personIds.add(share.sharedBy.toString());
    const uploader = documents[index]?.uploadedBy.toString();
    if (uploader) personIds.add(uploader);
  });
  const people = await findUsersByIds([...personIds]);
  const nameOf = new Map(people.map((user) => [user._id.toString(), user.name]));
  const listed = onPage.flatMap(({ share, via }, index): SharedDocument[] => {
    const document = documents[index];
    // Deleted a moment ago, its shares on their way out: not listed.
    if (!document) return [];
    return [
      {
        document: {
          id: document._id.toString(),
          name: document.name,
          size: document.size,
          pageCount: document.pageCount,
          uploadedAt: document.uploadedAt.toISOString(),
          updatedAt: document.updatedAt.toISOString(),
          uploadedBy: {
            id: document.uploadedBy.toString(),
            name: nameOf.get(document.uploadedBy.toString()) ?? document.uploadedByName,
          },
        },
        teamName: teamName.get(share.teamId) ?? '',
        sharedBy: { id: share.sharedBy.toString(), name: nameOf.get(share.sharedBy.toString()) ?? share.sharedByName },
        sharedAt: share.sharedAt.toISOString(),
        via,
      },
    ];
  });
  return {
    documents: listed,
    page,
    pageCount: Math.ceil(reaching.length / sharedDocumentPageSize),
    total: reaching.length,
  };
}

/** GET /shared-documents/{id}/file: a document shared with the reader (or 404, as if there were none). */
export async function openSharedFile(reader: Reader, documentId: string) {
  const keys = new Set((await keysOf(reader)).map(({ key }) => key));
  const shares = await DocumentShareModel.find({ documentId }).lean<DocumentShareRecord[]>();
  if (!shares.some((share) => keys.has(share.recipientKey))) throw notFound();
  const document = await LibraryDocumentModel.findById(documentId).lean<LibraryDocument>();
  if (!document) throw notFound();
  return { document, stream: openLibraryFile(document.fileId) };
}

/** GET /shared-links/{token}: the document while its link is valid; `expired` after, `null` for none. */
export async function openLinkedFile(token: string) {
  const share = await DocumentShareModel.findOne({ recipientKey: linkKey(token) }).lean<DocumentShareRecord>();
  if (!share) return null;
  if (!share.expiresAt || share.expiresAt.getTime() <= Date.now()) return 'expired' as const;
  const document = await LibraryDocumentModel.findById(share.documentId).lean<LibraryDocument>();
  if (!document) return null;
  return { document, stream: openLibraryFile(document.fileId) };
}
