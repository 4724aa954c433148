import { CloseOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstTask } from '../api/user-import';
import { badgeContent, clampBadge, isDrag, type Point } from '../lib/import-task';
import styles from './user-import.module.css';

const BADGE_SIZE = { width: 140, height: 40 };

function startPosition(): Point {
  return clampBadge(
    { x: window.innerWidth - BADGE_SIZE.width - 24, y: window.innerHeight - BADGE_SIZE.height - 96 },
    BADGE_SIZE,
    { width: window.innerWidth, height: window.innerHeight },
  );
}

/**
 * The minimised import records (spec S0.2.22, S0.4.12): a draggable floating badge showing the latest
 * import's state, 'queued...' while queued, the percentage while processing, otherwise a close icon.
 * A press opens the dialog again; a drag (pointer or touch) moves it; arrow keys move it too.
 */
export function ImportProgressBadge({ onOpen, onClose }: { onOpen: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const task = useFirstTask().data;
  const content = badgeContent(task);
  const [position, setPosition] = useState<Point>(startPosition);
  const drag = useRef<{ start: Point; origin: Point; moved: boolean } | null>(null);

  useEffect(() => {
    const keepInside = () =>
      setPosition((at) =>
        clampBadge(at, BADGE_SIZE, { width: window.innerWidth, height: window.innerHeight }),
      );
    window.addEventListener('resize', keepInside);
    return () => window.removeEventListener('resize', keepInside);
  }, []);

  const moveTo = (point: Point) =>
    setPosition(clampBadge(point, BADGE_SIZE, { width: window.innerWidth, height: window.innerHeight }));

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start: { x: event.clientX, y: event.clientY }, origin: position, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state) return;
    const now = { x: event.clientX, y: event.clientY };
    if (!state.moved && !isDrag(state.start, now)) return;
    state.moved = true;
    moveTo({ x: state.origin.x + now.x - state.start.x, y: state.origin.y + now.y - state.start.y });
  };
  const onPointerUp = () => {
    const state = drag.current;
    drag.current = null;
    if (state && !state.moved) onOpen();
  };

  const stateText =
    content.kind === 'queued'
      ? t('userImport.badge.queued')
      : content.kind === 'percent'
        ? t('userImport.badge.percent', { percent: content.percent })
        : task
          ? t(`userImport.records.status.${task.taskStatus as 0 | 1 | 2 | 3 | 4}`)
          : t('userImport.records.empty');

  return (
    <div className={styles.badge} style={{ left: position.x, top: position.y }} data-testid="import-badge">
      <Button
        type="text"
        size="small"
        className={styles.badgeMain}
        aria-label={t('userImport.badge.label', { state: stateText })}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={(event) => {
          const step = event.shiftKey ? 40 : 10;
          const moves: Record<string, Point> = {
            ArrowLeft: { x: -step, y: 0 },
            ArrowRight: { x: step, y: 0 },
            ArrowUp: { x: 0, y: -step },
            ArrowDown: { x: 0, y: step },
          };
          const move = moves[event.key];
          if (move) {
            event.preventDefault();
            moveTo({ x: position.x + move.x, y: position.y + move.y });
          } else if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onOpen();
          }
        }}
      >
        {content.kind === 'percent' ? (
          <Progress type="circle" percent={content.percent} size={24} format={() => null} aria-hidden />
        ) : null}
        <span>{content.kind === 'close' ? t('userImport.records.title') : stateText}</span>
      </Button>
      {content.kind === 'close' && (
        <Button
          type="text"
          size="small"
          shape="circle"
          icon={<CloseOutlined />}
          aria-label={t('userImport.badge.close')}
          title={t('userImport.badge.close')}
          onClick={onClose}
          data-testid="import-badge-close"
        />
      )}
    </div>
  );
}
