/**
 * The family's signing page (/contract/{token}): the signature pad. Without this script the page
 * still signs with the typed name; with it the family may draw instead, with a finger or the
 * mouse (pointer events), and the drawing travels in the form as a PNG data URL.
 */
import '../features/contracts/page/contract-page.css';

const form = document.querySelector<HTMLFormElement>('[data-sign-form]');
if (form) setUp(form);

function setUp(form: HTMLFormElement): void {
  const methods = form.querySelector<HTMLElement>('[data-methods]');
  const pad = form.querySelector<HTMLElement>('[data-pad]');
  const canvas = form.querySelector<HTMLCanvasElement>('[data-canvas]');
  const image = form.querySelector<HTMLInputElement>('[data-image]');
  const preview = form.querySelector<HTMLElement>('[data-typed-preview]');
  const hint = form.querySelector<HTMLElement>('[data-typed-hint]');
  const name = form.querySelector<HTMLInputElement>('input[name="name"]');
  const context = canvas?.getContext('2d');
  if (!methods || !pad || !canvas || !image || !context || !preview || !name || !hint) return;
  methods.hidden = false;
  let drawn = false;

  const method = () => form.querySelector<HTMLInputElement>('input[name="method"]:checked')?.value ?? 'typed';
  const show = () => {
    const drawing = method() === 'drawn';
    pad.hidden = !drawing;
    preview.hidden = drawing;
    hint.hidden = drawing;
  };
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="method"]'))
    radio.addEventListener('change', show);
  show();
  name.addEventListener('input', () => {
    preview.textContent = name.value;
  });

  context.lineWidth = 4;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = '#1b1b1b';
  const point = (event: PointerEvent) => {
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * canvas.width,
      y: ((event.clientY - box.top) / box.height) * canvas.height,
    };
  };
  let active: number | null = null;
  canvas.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    active = event.pointerId;
    canvas.setPointerCapture(event.pointerId);
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
    drawn = true;
  });
  canvas.addEventListener('pointermove', (event) => {
    if (event.pointerId !== active) return;
    event.preventDefault();
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  });
  const end = (event: PointerEvent) => {
    if (event.pointerId === active) active = null;
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  form.querySelector('[data-clear]')?.addEventListener('click', () => {
    context.clearRect(0, 0, canvas.width, canvas.height);
    drawn = false;
  });
  form.addEventListener('submit', () => {
    image.value = method() === 'drawn' && drawn ? canvas.toDataURL('image/png') : '';
  });
}
