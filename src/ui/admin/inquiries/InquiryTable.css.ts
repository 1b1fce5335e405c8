import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme.css';

/** Narrow screens scroll the table sideways inside its own box rather than the whole page. */
export const scroller = style({
  overflowX: 'auto',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', minWidth: '40rem' });

export const caption = style({
  captionSide: 'bottom',
  padding: vars.space.sm,
  color: vars.color.muted,
  fontSize: '0.9rem',
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  verticalAlign: 'top',
  borderBottom: `1px solid ${vars.color.border}`,
});

globalStyle(`${table} th`, { background: vars.color.creamDark, color: vars.color.brownDark });

globalStyle(`${table} tbody tr:hover`, { background: vars.color.cream });

export const date = style({ whiteSpace: 'nowrap' });

export const time = style({ color: vars.color.muted, fontSize: '0.85rem' });

export const email = style({ whiteSpace: 'nowrap' });

export const none = style({ color: vars.color.muted, fontStyle: 'italic' });
