// The SCORM 1.2 package of a lesson (`attention-lab lesson --scorm`): a zip whose imsmanifest.xml
// names one SCO, the lesson file, as its launch file. The lesson page itself talks to the LMS's
// API (web/app/lesson-scorm.mjs).
import { zip } from './zip.mjs';

/** The name of the lesson file inside the package. */
export const LAUNCH_FILE = 'lesson.html';

const escapeXml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  );

/**
 * imsmanifest.xml for one SCO. scored: the lesson is an exercise, passed with a score of 100 (the
 * mastery score tells the LMS so).
 */
export function manifest({ title, scored }) {
  const name = escapeXml(`attention-lab: ${title}`);
  const mastery = scored ? '\n        <adlcp:masteryscore>100</adlcp:masteryscore>' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab-lesson" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="attention-lab">
    <organization identifier="attention-lab">
      <title>${name}</title>
      <item identifier="lesson" identifierref="lesson-file" isvisible="true">
        <title>${name}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lesson-file" type="webcontent" adlcp:scormtype="sco" href="${LAUNCH_FILE}">
      <file href="${LAUNCH_FILE}"/>
    </resource>
  </resources>
</manifest>
`;
}

/** The package: imsmanifest.xml first (where importers look), then the lesson file. */
export const scormPackage = ({ html, title, scored }) =>
  zip([
    { name: 'imsmanifest.xml', data: manifest({ title, scored }) },
    { name: LAUNCH_FILE, data: html },
  ]);
