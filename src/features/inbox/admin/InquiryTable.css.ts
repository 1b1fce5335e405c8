import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

/**
 * From tablets up, the spec's five columns (scrolling sideways inside their own box if the window
 * is narrower than they need). On a phone, Email and Actions are left out and the name is the
 * control that opens the details, so the table fits 390 px without scrolling sideways.
 */
export const scroller = style({
  overflowX: 'auto',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  '@media': { [breakpoints.md]: { minWidth: '40rem' } },
});

export const caption = style({
  captionSide: 'bottom',
  padding: vars.space.sm,
  color: vars.color.muted,
  fontSize: '0.9rem',
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.sm}`,
  textAlign: 'left',
  verticalAlign: 'top',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [breakpoints.md]: { padding: `${vars.space.sm} ${vars.space.md}` } },
});

globalStyle(`${table} th`, { background: vars.color.creamDark, color: vars.color.brownDark });

globalStyle(`${table} tbody tr:hover`, { background: vars.color.cream });

/** Only from tablets up (display: none also takes the cell out of the accessibility tree). */
export const wide = style({ display: 'none', '@media': { [breakpoints.md]: { display: 'table-cell' } } });

/** Only on a phone. */
export const narrowInline = style({ '@media': { [breakpoints.md]: { display: 'none' } } });
export const wideInline = style({ display: 'none', '@media': { [breakpoints.md]: { display: 'inline' } } });

export const unread = style({ fontWeight: 700 });

export const date = style({ whiteSpace: 'nowrap', fontSize: '0.9rem' });

export const time = style({ color: vars.color.muted, fontSize: '0.85rem', fontWeight: 400 });

export const name = style({ overflowWrap: 'anywhere' });

/** The name as a button on a phone: looks like a link, with a 44 px tall target. */
export const nameButton = style({
  display: 'inline',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} 0`,
  border: 0,
  background: 'transparent',
  color: vars.color.brown,
  fontWeight: 'inherit',
  textAlign: 'left',
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
});

export const email = style({ whiteSpace: 'nowrap' });

export const none = style({ color: vars.color.muted, fontStyle: 'italic', fontWeight: 400 });

export const puppy = style({});

/** A long puppy name wraps on a phone rather than widening the table (beats the badge's nowrap). */
globalStyle(`${puppy} > span`, {
  whiteSpace: 'normal',
  '@media': { [breakpoints.md]: { whiteSpace: 'nowrap' } },
});

/** An inquiry's sales status beside her name in the table. */
export const statusBadge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: '0.8rem',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
