// Die Texte der Übungen auf Deutsch: Schlüssel "exercise.<slug>.<key>" zu den englischen Texten in
// web/app/exercises/<slug>/words.mjs (ein Test prüft, dass keiner fehlt und die {Werte} dieselben sind).
// Part of the German catalogue (de.mjs), so it loads only with lang="de".
export default Object.freeze({});
