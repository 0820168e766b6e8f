import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { type Answers, type FormDefinitionInput, formDefinitionSchema } from '@formwerk/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useCustomScript } from './use-custom-script';

const definition = formDefinitionSchema.parse({
  title: 'Anmeldung',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name' },
        { id: 'greeting', type: 'shortText', label: 'Gruß' },
      ],
    },
  ],
} satisfies FormDefinitionInput);

/** The parts of a form the hook serves: answers the respondent types, pages and sending. */
function TestForm({ code }: { code: string }) {
  const [answers, setAnswers] = useState<Answers>({ name: 'Ada' });
  const [pageIndex, setPageIndex] = useState(0);
  const setAnswer = (fieldId: string, value: Answers[string]) =>
    setAnswers((current) => ({ ...current, [fieldId]: value }));
  const script = useCustomScript(code, { definition, answers, pageIndex, pageCount: 2, setAnswer });
  return (
    <div>
      <input aria-label="Name" value={String(answers.name ?? '')} onChange={(e) => setAnswer('name', e.target.value)} />
      <output aria-label="Gruß">{String(answers.greeting ?? '')}</output>
      <button type="button" onClick={() => setPageIndex(1)}>
        Weiter
      </button>
      <button type="button" onClick={() => script.notifySubmit(answers)}>
        Absenden
      </button>
      {script.frame}
    </div>
  );
}

const openPorts: MessagePort[] = [];
afterEach(() => {
  cleanup();
  for (const port of openPorts.splice(0)) port.close();
});

function scriptFrame(): HTMLIFrameElement {
  const frame = document.querySelector('iframe');
  if (!frame) throw new Error('no frame');
  return frame;
}

const channelOf = (frame: HTMLIFrameElement) => new URL(frame.src).hash.replace('#channel=', '');

/**
 * What the frame's runtime does on load: posts the ready message with a port from its own window.
 * jsdom's postMessage sets no source and carries no ports, so the event is made as a browser makes it.
 */
function offerPort(data: unknown, source: Window | null = scriptFrame().contentWindow) {
  const { port1, port2 } = new MessageChannel();
  openPorts.push(port1, port2);
  const received: Record<string, unknown>[] = [];
  port1.on('message', (message) => received.push(message));
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, source, ports: [port2 as unknown as globalThis.MessagePort] }),
    );
  });
  return { port: port1, received };
}

const ready = (channel: string) => ({ type: 'formwerk:script-ready', version: 1, channel });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

describe('useCustomScript', () => {
  it('renders a hidden frame sandboxed to scripts only, at the frame document with a random channel', () => {
    render(<TestForm code="formwerk.getValues();" />);
    const frame = scriptFrame();
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.hidden).toBe(true);
    expect(frame.title).not.toBe('');
    expect(new URL(frame.src).pathname).toBe('/form-script-frame.html');
    expect(channelOf(frame)).toMatch(/^[0-9a-f]{32}$/);
    const first = channelOf(frame);
    cleanup();
    render(<TestForm code="formwerk.getValues();" />);
    expect(channelOf(scriptFrame())).not.toBe(first);
  });

  it('renders no frame without code, nor in the server-rendered page', () => {
    render(<TestForm code={'  \n '} />);
    expect(document.querySelector('iframe')).toBeNull();
    expect(renderToString(<TestForm code="formwerk.getValues();" />)).not.toContain('iframe');
  });

  it('sends the code over the port the frame offers under its channel', async () => {
    render(<TestForm code="formwerk.getValues();" />);
    const { received } = offerPort(ready(channelOf(scriptFrame())));
    await settle();
    expect(received).toEqual([
      expect.objectContaining({ type: 'init', code: 'formwerk.getValues();', values: { name: 'Ada' }, pageIndex: 0 }),
    ]);
  });

  it('ignores offers from other windows, with another channel or protocol version', async () => {
    render(<TestForm code="formwerk.getValues();" />);
    const channel = channelOf(scriptFrame());
    const fromPage = offerPort(ready(channel), window);
    const fromNowhere = offerPort(ready(channel), null);
    const guessed = offerPort(ready('0'.repeat(32)));
    const newer = offerPort({ ...ready(channel), version: 2 });
    await settle();
    for (const offer of [fromPage, fromNowhere, guessed, newer]) expect(offer.received).toEqual([]);
  });

  it('lets the script set a field, and tells it what the respondent changes, the page and the sending', async () => {
    render(<TestForm code="formwerk.getValues();" />);
    const { port, received } = offerPort(ready(channelOf(scriptFrame())));
    port.postMessage({ type: 'setValue', requestId: 1, fieldId: 'greeting', value: 'Hallo Ada' });
    port.postMessage({ type: 'setValue', requestId: 2, fieldId: 'name', value: { html: '<b>' } });
    await settle();
    expect(screen.getByRole('status', { name: 'Gruß' }).textContent).toBe('Hallo Ada');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ada');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Absenden' }));
    await settle();
    expect(received.slice(1)).toEqual([
      { type: 'result', requestId: 1, fieldId: 'greeting', isApplied: true, value: 'Hallo Ada' },
      { type: 'result', requestId: 2, fieldId: 'name', isApplied: false, reason: 'invalidValue' },
      { type: 'change', fieldId: 'name', value: 'Grace' },
      { type: 'pageChange', pageIndex: 1, pageCount: 2 },
      { type: 'submit', values: { name: 'Grace', greeting: 'Hallo Ada' } },
    ]);
  });

  it('once the form is gone, stops listening to the frame', async () => {
    const { unmount } = render(<TestForm code="formwerk.getValues();" />);
    const frameWindow = scriptFrame().contentWindow;
    const channel = channelOf(scriptFrame());
    unmount();
    const late = offerPort(ready(channel), frameWindow);
    await settle();
    expect(late.received).toEqual([]);
  });
});
