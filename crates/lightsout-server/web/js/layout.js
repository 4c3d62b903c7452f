// The board's size on screen: it fits the column around it (and the window's height on
// wide screens), again after every resize, keeping the zoom.

import { makeGeometry, setFrame } from './view.js';
import { sizeCanvas, drawGoal } from './board.js';
import { fitHud } from './hud.js';
import { $ } from './ui.js';

/** Fits the board to the room it has; `keepZoom` keeps the zoomed-in view. */
export function layout(keepZoom = true) {
  // The frame fits the board, so the room comes from the column around it.
  const wrapEl = $('board-wrap');
  const style = getComputedStyle(wrapEl);
  const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 2;
  const availW = Math.max(60, wrapEl.parentElement.clientWidth - padX);
  const narrow = window.innerWidth <= 880;
  const top = wrapEl.getBoundingClientRect().top + window.scrollY;
  const availH = narrow ? availW * 1.15 : Math.max(260, window.innerHeight - top - 170);
  makeGeometry();
  setFrame(availW, availH, keepZoom);
  sizeCanvas();
  drawGoal();
  fitHud();
}

let resizeTimer = 0;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => layout(true), 80);
});
