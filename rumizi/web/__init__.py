"""The browser front end: static pages, scripts, styles and fonts that rumizi.server serves."""
