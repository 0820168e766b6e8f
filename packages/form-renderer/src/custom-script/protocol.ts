import type { FieldType } from '@formwerk/contracts/form-model-constants';

// The messages between the public form page and the frame that runs the owner's script. The frame's
// document is served by the shell server (shell/server/custom-script-frame.ts) and deployed apart from
// this page's script, so both sides name the protocol version they speak. Owners never see these
// messages: they call `formwerk.*` in the frame (docs/custom-script-api.md).

export const scriptProtocolVersion = 1;

/** Served by the shell server with its own CSP (`sandbox allow-scripts`), never with the site's. */
export const scriptFramePath = '/form-script-frame.html';

/** A value as the owner's script sees it: uploads without their file ids, numbers as numbers. */
export type ScriptValue = string | number | boolean | string[] | { name: string; size: number; type: string }[];
export type ScriptValues = Record<string, ScriptValue>;
export type ScriptField = { id: string; type: FieldType; label: string };

/** Page → frame, over the MessagePort the frame handed over. */
export type HostMessage =
  | {
      type: 'init';
      version: number;
      code: string;
      fields: ScriptField[];
      values: ScriptValues;
      pageIndex: number;
      pageCount: number;
    }
  | { type: 'change'; fieldId: string; value: ScriptValue | null }
  | { type: 'result'; requestId: number; fieldId: string; isApplied: true; value: ScriptValue | null }
  | { type: 'result'; requestId: number; fieldId: string; isApplied: false; reason: SetValueRefusal }
  | { type: 'pageChange'; pageIndex: number; pageCount: number }
  | { type: 'submit'; values: ScriptValues };

export type SetValueRefusal = 'unknownField' | 'readOnlyField' | 'invalidValue';

/** Frame → page, over the port: the only thing a script may ask for. */
export type SetValueRequest = { type: 'setValue'; requestId: number; fieldId: string; value: unknown };

const maximumFieldIdLength = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A request from the frame, or null for anything else: the frame runs code nobody checked. */
export function parseFrameMessage(data: unknown): SetValueRequest | null {
  if (!isRecord(data) || data.type !== 'setValue') return null;
  const { requestId, fieldId } = data;
  if (typeof requestId !== 'number' || !Number.isSafeInteger(requestId)) return null;
  if (typeof fieldId !== 'string' || fieldId.length === 0 || fieldId.length > maximumFieldIdLength) return null;
  return { type: 'setValue', requestId, fieldId, value: data.value };
}

/**
 * Whether a window message is the frame's opening handshake: sent by the frame's own window (any
 * page can post messages), naming the random channel only this page put into the frame's address
 * (a page that navigated the frame elsewhere does not know it), and handing over the port on which
 * everything else travels. A port is bound to the document that made it, so after a navigation of
 * the frame nothing the page sends reaches the new document.
 */
export function readHandshake(event: MessageEvent, frameWindow: Window | null, channel: string): MessagePort | null {
  if (frameWindow === null || event.source !== frameWindow) return null;
  const data: unknown = event.data;
  if (!isRecord(data) || data.type !== 'formwerk:script-ready') return null;
  if (data.version !== scriptProtocolVersion || data.channel !== channel) return null;
  return event.ports[0] ?? null;
}

/** 128 random bits, URL-safe: the channel name in the frame's fragment. */
export function createChannelName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
