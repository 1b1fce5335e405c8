import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const submitted = style({ color: vars.color.muted });

/** Where the inquiry's visit came from (issue 22): under the date, as quiet as it. */
export const cameFrom = style({
  color: vars.color.muted,
  marginTop: `calc(-1 * ${vars.space.sm})`,
  overflowWrap: 'anywhere',
});

export const facts = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

export const fact = style({ display: 'grid', gap: 0 });

export const term = style({ color: vars.color.muted, fontSize: '0.85rem', fontWeight: 600 });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const messageHeading = style({
  fontSize: '1rem',
  color: vars.color.muted,
  fontFamily: vars.font.body,
});

/** The visitor's line breaks are kept as typed. */
export const message = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.cream,
});

export const panel = style({
  width: '100%',
  maxWidth: vars.width.narrow,
  display: 'grid',
  gap: vars.space.md,
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({ fontSize: '1.5rem', color: vars.color.brownDark });

export const close = style({
  flexShrink: 0,
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontSize: '1.5rem',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.cream } },
});
