import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const agreement = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  background: vars.color.white,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  fontFamily: vars.font.body,
  maxHeight: '24rem',
  overflowY: 'auto',
});

export const section = style({ display: 'grid', gap: vars.space.sm });

export const hash = style({
  fontSize: '0.8rem',
  color: vars.color.muted,
  overflowWrap: 'anywhere',
  margin: 0,
});

export const link = style({
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  fontSize: '0.9rem',
  padding: vars.space.sm,
});

export const pad = style({
  display: 'block',
  width: '100%',
  maxWidth: '100%',
  aspectRatio: '700 / 250',
  background: vars.color.white,
  border: `2px dashed ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  touchAction: 'none',
});

export const typed = style({
  fontFamily: '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive',
  fontStyle: 'italic',
  fontSize: '1.75rem',
  minHeight: '2.5rem',
  borderBottom: `1px solid ${vars.color.muted}`,
  margin: 0,
  overflowWrap: 'anywhere',
});

export const consent = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });

export const methods = style({ display: 'flex', gap: vars.space.lg, border: 0, padding: 0, margin: 0 });
