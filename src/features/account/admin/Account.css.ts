import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const stack = style({ display: 'grid', gap: vars.space.md });

export const form = style({ display: 'grid', gap: vars.space.md, maxWidth: '24rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const qr = style({
  width: '12rem',
  height: '12rem',
  background: vars.color.white,
  border: `1px solid ${vars.color.border}`,
});

/** Keys and codes are read character by character: monospace, never broken mid-group. */
export const secret = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '1rem',
  overflowWrap: 'anywhere',
  background: vars.color.creamDark,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
});

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: vars.space.sm,
  paddingLeft: vars.space.lg,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
});

export const sessions = style({
  display: 'grid',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const session = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const device = style({ fontWeight: 600, overflowWrap: 'anywhere' });
