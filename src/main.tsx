// The entry: the page's CSS, then the app (src/boot.tsx). A sign-in page comes prerendered in the
// HTML (src/pages/login/prerender.tsx) and paints with this CSS alone; the app's scripts are fetched
// once that first frame is painted (two animation frames), so the first paint waits for none of them
// (issue 16: Lighthouse FCP / LCP on the login page). Other pages start the app at once.
import './app.css';
import './pages/login/login.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./boot');
};
if ((document.getElementById('root')?.childElementCount ?? 0) > 0) {
  requestAnimationFrame(() => requestAnimationFrame(start));
  // a tab opened in the background paints no frame until shown: start anyway
  setTimeout(start, 1000);
} else start();
