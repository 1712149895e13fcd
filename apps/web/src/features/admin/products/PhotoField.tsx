import { type ReactNode, useEffect, useState } from 'react';

/** An object URL for the chosen file, revoked when the file changes or the field goes away. */
function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface PhotoFieldProps {
  photo: File | null;
  onChange: (photo: File | null) => void;
  /** The saved photo, shown until a new one is chosen. */
  current?: ReactNode;
  /** The input's id, and whether it has a problem (useProblems' `control`). */
  control: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  /** Its problem, under it. */
  children?: ReactNode;
}

/**
 * The photo upload: a button-like label naming the chosen file, images only, and a preview
 * of the chosen image (or of the saved one).
 */
export function PhotoField({ photo, onChange, current, control, children }: PhotoFieldProps) {
  const previewUrl = usePreviewUrl(photo);
  return (
    <div className="photo-field">
      <label className="btn btn-outline photo-upload">
        {photo ? photo.name : 'Upload Photo'}
        <input
          {...control}
          type="file"
          name="photo"
          accept="image/*"
          className="visually-hidden"
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      </label>
      {children}
      {previewUrl ? (
        <img
          className="photo-preview"
          src={previewUrl}
          alt="Preview of the chosen file"
          width={288}
          height={216}
        />
      ) : (
        current
      )}
    </div>
  );
}
