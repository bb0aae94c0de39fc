// The profile photo: a photo waiting to upload from the device's media cache (/local-media/…),
// else the uploaded one (/api/media/{photo_uuid}), downloaded into the cache once when missing.
import { useEffect, useState } from 'react';
import { API_BASE } from '../../api/headers';
import { MEDIA_PATH } from '../../api/route-table';
import { downloadMedia } from '../../db/commands';
import { useMediaFile } from '../../db/hooks';

export function ProfilePhoto({ photo, label }: { photo: string | null; label: string }) {
  const url = photo === null ? null : photo.startsWith('/local-media/') ? photo : `${API_BASE}${MEDIA_PATH}/${photo}`;
  // bumped when a download finishes, so the cache is read again
  const [fetched, setFetched] = useState(0);
  const file = useMediaFile(url, `${fetched}`);
  useEffect(() => {
    if (url && file.checked && !file.objectUrl && !url.startsWith('/local-media/') && fetched === 0) {
      void downloadMedia(url).then((r) => { if (r.ok) setFetched((n) => n + 1); });
    }
  }, [url, file.checked, file.objectUrl, fetched]);
  return (
    <div className="profile__photo" role="img" aria-label={label}>
      {file.objectUrl ? <img src={file.objectUrl} alt="" data-testid="profile-photo" /> : <svg className="profile__photo-empty" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false"><circle cx="12" cy="8" r="4" fill="currentColor" /><path d="M4 21a8 8 0 0 1 16 0z" fill="currentColor" /></svg>}
    </div>
  );
}
