import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

export const periods = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  border: 0,
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: vars.space.md } },
});

export const stat = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.cream,
  border: `1px solid ${vars.color.border}`,
});

export const statLabel = style({ color: vars.color.muted, fontSize: '0.85rem', fontWeight: 600 });

export const statValue = style({
  margin: 0,
  fontSize: '1.6rem',
  fontWeight: 700,
  color: vars.color.brownDark,
  lineHeight: 1.2,
});

export const statChange = style({ margin: 0, color: vars.color.muted, fontSize: '0.85rem' });

export const section = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.lg });

export const sectionTitle = style({ fontSize: '1.2rem', color: vars.color.brownDark });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: '0.9rem',
});

export const marker = style({
  display: 'inline-block',
  width: '0.9em',
  height: '0.9em',
  borderRadius: '50%',
  marginRight: vars.space.xs,
  verticalAlign: 'middle',
});

/** The chart's box: the canvas is sized to it (390 px phones included). */
export const chart = style({ width: '100%', minHeight: '240px' });

/** A long per-day table scrolls inside its own box. */
export const scroller = style({
  maxHeight: '18rem',
  overflow: 'auto',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });

/** A table wider than a small phone scrolls inside its own box, never the page. */
export const wide = style({ overflowX: 'auto' });

export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  padding: vars.space.sm,
  fontWeight: 600,
});

globalStyle(`${table} th, ${table} td`, {
  padding: vars.space.xs,
  textAlign: 'right',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [breakpoints.md]: { padding: `${vars.space.xs} ${vars.space.sm}` } },
});

/**
 * The name column: a long source or campaign wraps anywhere, within a width a table cell keeps
 * (min-width means nothing to a table cell).
 */
globalStyle(`${table} th:first-child`, { width: '6.5rem', textAlign: 'left' });
globalStyle(`${table} tbody th:first-child`, { overflowWrap: 'anywhere' });

globalStyle(`${table} thead th`, {
  background: vars.color.creamDark,
  color: vars.color.brownDark,
  fontSize: '0.85rem',
});

export const empty = style({ color: vars.color.muted, margin: 0 });

// The few rules of uPlot's own stylesheet (uPlot.min.css) the chart needs: its legend and
// title are not used (the legend and the table are the page's own).
globalStyle('.uplot, .uplot *', { boxSizing: 'border-box' });
globalStyle('.uplot', { fontFamily: vars.font.body, lineHeight: 1.5, width: 'min-content' });
globalStyle('.u-wrap', { position: 'relative', userSelect: 'none' });
globalStyle('.u-over, .u-under, .u-axis, .u-select', { position: 'absolute' });
globalStyle('.u-under', { overflow: 'hidden' });
globalStyle('.uplot canvas', { display: 'block', position: 'relative', width: '100%', height: '100%' });
globalStyle('.u-select', { background: 'rgba(0, 0, 0, 0.07)', pointerEvents: 'none' });
globalStyle('.u-cursor-x, .u-cursor-y', {
  position: 'absolute',
  left: 0,
  top: 0,
  pointerEvents: 'none',
  willChange: 'transform',
});
globalStyle('.u-hz .u-cursor-x', { height: '100%', borderRight: `1px dashed ${vars.color.muted}` });
globalStyle('.u-hz .u-cursor-y', { width: '100%', borderBottom: `1px dashed ${vars.color.muted}` });
globalStyle('.u-cursor-pt', {
  position: 'absolute',
  top: 0,
  left: 0,
  borderRadius: '50%',
  border: '0 solid',
  pointerEvents: 'none',
  willChange: 'transform',
  backgroundClip: 'padding-box !important',
});
globalStyle('.u-axis.u-off, .u-select.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off, .u-cursor-pt.u-off', {
  display: 'none',
});
