type ProgressBarProps = { isActive: boolean; label: string };

/** The thin bar at the top of the page while a navigation loads. */
export function ProgressBar({ isActive, label }: ProgressBarProps) {
  return (
    <div
      className={`ui-progress-bar${isActive ? ' ui-progress-bar--active' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-hidden={!isActive}
      aria-busy={isActive}
    />
  );
}
