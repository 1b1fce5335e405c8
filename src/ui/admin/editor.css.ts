import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/**
 * What the admin's editors share (the Site editor, the contract template, the litter form): the
 * form, a field with its hint and the characters left, a group of choices, and the draft's bar
 * with its status and history of published versions.
 */
export const form = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg });

export const field = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xs });

export const hint = style({ color: vars.color.muted, fontSize: '0.9rem', overflowWrap: 'anywhere' });
export const over = style({ color: vars.color.danger, fontSize: '0.9rem', fontWeight: 700 });

export const prefixed = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const choice = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
  minInlineSize: 0,
});
/**
 * The bar with the draft's status, Preview and Publish: stays on screen at the bottom (the
 * thumb's end of a phone) while she scrolls the fields (issue 32).
 */
export const bar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 10,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  background: vars.color.cream,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.08)',
});

export const status = style({ flex: '1 1 12rem', fontWeight: 600, minInlineSize: 0 });

export const history = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});
export const version = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
