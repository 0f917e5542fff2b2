// Die Texte der Labs auf Deutsch: Schlüssel "lab.<slug>.<key>" zu den englischen Texten in
// web/app/labs/<slug>/words.mjs, "lab.kit.<key>" zu web/app/labs/kit/words.mjs, eine Datei je Lab
// in de-labs/ (ein Test prüft, dass keiner fehlt und die {Werte} dieselben sind). Zahlen
// schreiben die Labs wie PyTorch, mit Dezimalpunkt.
// Part of the German catalogue (de.mjs), so it loads only with lang="de".
import kit from './de-labs/kit.mjs';
import lectureOrder from './de-labs/lecture-order.mjs';
import sqrtDh from './de-labs/sqrt-dh.mjs';
import masking from './de-labs/masking.mjs';
import causality from './de-labs/causality.mjs';
import dropout from './de-labs/dropout.mjs';
import transpose from './de-labs/transpose.mjs';
import weights from './de-labs/weights.mjs';
import sizes from './de-labs/sizes.mjs';
import loopVsFused from './de-labs/loop-vs-fused.mjs';
import code from './de-labs/code.mjs';
import exportLab from './de-labs/export.mjs';

export default Object.freeze({
  ...kit,
  ...lectureOrder,
  ...sqrtDh,
  ...masking,
  ...causality,
  ...dropout,
  ...transpose,
  ...weights,
  ...sizes,
  ...loopVsFused,
  ...code,
  ...exportLab,
});
