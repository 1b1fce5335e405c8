import { style } from '@vanilla-extract/css';
import { vars } from '../../theme.css';

export const quiet = style({
  margin: 0,
  color: vars.color.muted,
  fontSize: '0.9rem',
  overflowWrap: 'anywhere',
});

export const alert = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  overflowWrap: 'anywhere',
});

export const title = style({ margin: 0, fontWeight: 700 });

export const list = style({ margin: 0, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.xs });

export const answer = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.85rem',
});
