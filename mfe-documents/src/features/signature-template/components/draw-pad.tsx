import { Button, Icon } from '@formwerk/ui';
import { Eraser, Keyboard, Undo2 } from 'lucide-react';
import { type PointerEvent, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { drawStrokes, type Point, type Stroke } from '../utils/strokes';

type DrawPadProps = {
  strokes: Stroke[];
  color: string;
  /** Named by the mark ("Unterschrift zeichnen"). */
  label: string;
  onStrokesChange: (strokes: Stroke[]) => void;
  /** The keyboard's way: the Type tab. */
  onTypeInstead: () => void;
};

/**
 * The pad: mouse, finger and pen draw (pointer events, with the points the browser coalesced between
 * frames); the strokes are kept as points, so undo redraws them and a new width (a turned phone) loses
 * nothing. The canvas has as many pixels as the screen shows (devicePixelRatio), so lines stay sharp.
 */
export function DrawPad({ strokes, color, label, onStrokesChange, onTypeInstead }: DrawPadProps) {
  const { t } = useTranslation('documents');
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useRef<Stroke | null>(null);

  const redraw = useCallback(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const width = element.clientWidth;
    const height = element.clientHeight;
    if (element.width !== Math.round(width * ratio) || element.height !== Math.round(height * ratio)) {
      element.width = Math.round(width * ratio);
      element.height = Math.round(height * ratio);
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    drawStrokes(context, current.current ? [...strokes, current.current] : strokes);
  }, [strokes]);

  useEffect(() => {
    redraw();
    const element = canvas.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(redraw);
    observer.observe(element);
    return () => observer.disconnect();
  }, [redraw]);

  const pointsOf = (event: PointerEvent<HTMLCanvasElement>): Point[] => {
    const box = event.currentTarget.getBoundingClientRect();
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    return (events.length ? events : [native]).map((each) => ({
      x: each.clientX - box.left,
      y: each.clientY - box.top,
      // A mouse reports 0.5 while pressed; a finger or pen its pressure (some touch screens always 0).
      pressure: each.pressure > 0 ? each.pressure : 0.5,
    }));
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    current.current = { color, points: pointsOf(event) };
    redraw();
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!current.current) return;
    current.current.points.push(...pointsOf(event));
    redraw();
  };
  const onPointerEnd = () => {
    const stroke = current.current;
    current.current = null;
    if (stroke) onStrokesChange([...strokes, stroke]);
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        role="img"
        aria-label={label}
        aria-describedby="signature-pad-hint"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      />
      <p id="signature-pad-hint" className="ui-hint">
        {t('signatureTemplate.draw.hint')}
      </p>
      <div className="signature-pad__actions">
        <Button
          variant="secondary"
          className="ui-button--small"
          disabled={strokes.length === 0}
          onClick={() => onStrokesChange(strokes.slice(0, -1))}
        >
          <Icon icon={Undo2} />
          {t('signatureTemplate.draw.undo')}
        </Button>
        <Button
          variant="secondary"
          className="ui-button--small"
          disabled={strokes.length === 0}
          onClick={() => onStrokesChange([])}
        >
          <Icon icon={Eraser} />
          {t('signatureTemplate.draw.clear')}
        </Button>
        <Button variant="ghost" className="ui-button--small" onClick={onTypeInstead}>
          <Icon icon={Keyboard} />
          {t('signatureTemplate.draw.typeInstead')}
        </Button>
      </div>
    </div>
  );
}
