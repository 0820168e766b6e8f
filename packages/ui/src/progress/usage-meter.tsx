import { useId } from 'react';

/** How full a limit is: its colour, and whether the caller says what a full one means. */
export type UsageLevel = 'unlimited' | 'normal' | 'warning' | 'full';

// From this share on a limit is nearly reached: the bar turns to its warning colour.
const warningShare = 0.8;

/** The level of `used` against `allowed` (null: nothing limits it). */
export function usageLevelOf(used: number, allowed: number | null): UsageLevel {
  if (allowed === null) return 'unlimited';
  if (used >= allowed) return 'full';
  return used / allowed >= warningShare ? 'warning' : 'normal';
}

type UsageMeterProps = {
  label: string;
  used: number;
  /** null: nothing limits it; the bar stays empty and the words say so. */
  allowed: number | null;
  /** What is used of what is allowed, in words: "12 von 50", "1,2 GB von 2 GB", "12 · unbegrenzt". */
  valueText: string;
  /** Under the bar: what a nearly full or full limit means for the user. */
  note?: string;
};

/**
 * What a limit has used of what it allows, as a labelled bar (a plan's forms, storage, seats): its
 * warning colour from 80 %, its full colour at 100 %. The bar is a `meter` named by the label, whose
 * value text repeats the words beside it, so the colour is never the only way to tell.
 */
export function UsageMeter({ label, used, allowed, valueText, note }: UsageMeterProps) {
  const labelId = useId();
  const level = usageLevelOf(used, allowed);
  const percent = allowed === null ? 0 : allowed === 0 ? 100 : Math.min(100, Math.round((used / allowed) * 100));
  return (
    <div className="ui-usage-meter" data-level={level}>
      <div className="ui-usage-meter__head">
        <span id={labelId} className="ui-usage-meter__label">
          {label}
        </span>
        <span className="ui-usage-meter__value">{valueText}</span>
      </div>
      {allowed === null ? (
        <div className="ui-usage-meter__track" aria-hidden="true" />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a native <meter> takes no common styling across browsers
        <div
          className="ui-usage-meter__track"
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={valueText}
        >
          {/* Anything used shows as a sliver at least, so a low use still reads as some. */}
          <div className="ui-usage-meter__fill" style={{ width: `${used > 0 ? Math.max(percent, 2) : 0}%` }} />
        </div>
      )}
      {note ? <p className="ui-usage-meter__note">{note}</p> : null}
    </div>
  );
}
