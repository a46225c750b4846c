import { useParams } from 'react-router-dom';
import { decodeAtHomeLibrary } from '../../../lib/content/at-home-link';

/** The numeric library id in the link's code (null for a code that is not ours). */
export function useLibraryId(): { libraryId: number | null; code: string; base: string } {
  const { audience = '', programme = '', library = '' } = useParams();
  return {
    libraryId: decodeAtHomeLibrary(library),
    code: library,
    base: `/${audience}/${programme}/at-home/${library}`,
  };
}
