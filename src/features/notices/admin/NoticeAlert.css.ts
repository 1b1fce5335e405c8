import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const quiet = style({
  margin: 0,
  color: vars.color.muted,
  fontSize: '0.9rem',
  overflowWrap: 'anywhere',
});

export const list = style({ margin: 0, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.xs });

export const answer = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.85rem',
});
