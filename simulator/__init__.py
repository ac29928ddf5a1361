"""The simulator's web page (index.html, app.js, charts.js, style.css): no build step."""
