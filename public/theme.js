// Before first paint, so a dark-mode user never sees a white flash. A file, not an inline script:
// the dashboard's Content-Security-Policy allows scripts from this origin only.
(function () {
  var t = localStorage.getItem('fleetwatch.theme');
  var dark = t ? t === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  if (dark) document.documentElement.classList.add('dark');
})();
