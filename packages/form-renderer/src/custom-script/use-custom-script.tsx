import type { Answers, AnswerValue, FormDefinition } from '@formwerk/contracts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { createChannelName, readHandshake, scriptFramePath } from './protocol';
import { createScriptHost, type ScriptHost } from './script-host';

/** What the form tells the owner's script and lets it do. */
export type CustomScriptBridge = {
  definition: FormDefinition;
  answers: Answers;
  pageIndex: number;
  pageCount: number;
  setAnswer: (fieldId: string, value: AnswerValue | undefined) => void;
};

/**
 * Runs the form owner's JavaScript (settings tab "javascript") in a sandboxed iframe and relays the
 * postMessage API. `frame` is rendered by the form; `notifySubmit` is called as the answers are sent.
 *
 * The frame has `sandbox="allow-scripts"` only: its document gets an opaque origin, so the script
 * reads no cookie or storage of the site, sends no request with the respondent's session, cannot
 * touch this page's document, navigate the top window or open windows. Its address is this site's,
 * served with its own CSP (the page's would forbid inline scripts); the code comes by message, never
 * in an address. See docs/custom-script-api.md.
 */
export function useCustomScript(
  code: string | undefined,
  bridge: CustomScriptBridge,
): { frame: ReactNode; notifySubmit: (answers: Answers) => void } {
  const script = code?.trim() ? code : null;
  const [channel, setChannel] = useState<string | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const host = useRef<ScriptHost | null>(null);
  const latest = useRef(bridge);
  latest.current = bridge;

  // Only in the browser, after the server-rendered markup is taken over: the frame and its channel
  // name are never part of the page's HTML.
  useEffect(() => {
    if (script === null) return;
    const channelName = createChannelName();
    let port: MessagePort | null = null;
    const onMessage = (event: MessageEvent) => {
      const offered = readHandshake(event, frameRef.current?.contentWindow ?? null, channelName);
      if (offered === null) return;
      // The frame's document was loaded anew (e.g. the script reloaded it): it starts from the beginning.
      port?.close();
      port = offered;
      const { definition, answers, pageIndex, pageCount } = latest.current;
      const connected = createScriptHost({
        code: script,
        fields: definition.pages.flatMap((page) => page.fields),
        answers,
        pageIndex,
        pageCount,
        send: (message) => offered.postMessage(message),
        setAnswer: (fieldId, value) => latest.current.setAnswer(fieldId, value),
      });
      offered.onmessage = (message) => connected.receive(message.data);
      host.current = connected;
    };
    window.addEventListener('message', onMessage);
    setChannel(channelName);
    return () => {
      window.removeEventListener('message', onMessage);
      port?.close();
      host.current = null;
      setChannel(null);
    };
  }, [script]);

  useEffect(() => {
    host.current?.updateAnswers(bridge.answers);
  }, [bridge.answers]);
  useEffect(() => {
    host.current?.updatePage(bridge.pageIndex, bridge.pageCount);
  }, [bridge.pageIndex, bridge.pageCount]);
  const notifySubmit = useCallback((answers: Answers) => host.current?.notifySubmit(answers), []);

  const frame =
    channel === null ? null : (
      <iframe
        ref={frameRef}
        className="fw-script-frame"
        src={`${scriptFramePath}#channel=${channel}`}
        sandbox="allow-scripts"
        // Never shown nor announced: the script has no screen of its own.
        title="Form script"
        hidden
        tabIndex={-1}
        referrerPolicy="no-referrer"
      />
    );
  return { frame, notifySubmit };
}
