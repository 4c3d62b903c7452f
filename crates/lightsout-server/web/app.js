// The page's entry point: every module is under /js/ (see js/main.js).
import './js/main.js';
