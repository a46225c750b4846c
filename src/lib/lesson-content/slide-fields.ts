import {
  CAPTION_TRACK_FIELDS,
  type CaptionTrack,
  type DescriptionTrack,
  type MediaFile,
} from '../content/media';

/**
 * The slide fields every slideshow operation asks for (spec part 2, section 3 "Activity slide"),
 * written once as GraphQL fragments. Fragments go after the operation in each document: the
 * offline store reads the operation's name from the document's start. Image `formats` are left
 * out on purpose: slides are projected full-screen, so they show the original file, and a
 * download then stores only what lesson mode shows.
 */
export const SLIDE_FRAGMENTS = /* GraphQL */ `
  fragment SlideMedia on UploadFile {
    documentId
    name
    alternativeText
    caption
    url
    size
    mime
    width
    height
  }
  fragment SlideVideo on ComponentSharedVideo {
    id
    title
    film_setup
    embed
    file {
      ...SlideMedia
    }
    captions {${CAPTION_TRACK_FIELDS}    }
    descriptions {
      file {
        url
      }
    }
    described_file {
      url
    }
    transcript
  }
  fragment SlideColumn on ComponentSlidesColumn {
    id
    title
    text
    videos {
      ...SlideVideo
    }
    audio {
      ...SlideMedia
    }
    images {
      ...SlideMedia
    }
    images_decorative
  }
  fragment SlideFields on ComponentSlidesActivitySlide {
    id
    include_in_lesson
    title
    slide_template
    slide_text
    secondary_slide_text
    videos {
      ...SlideVideo
    }
    sub_slides2 {
      id
      title
      activity_slideshow {
        documentId
        title
      }
    }
    main_image {
      ...SlideMedia
    }
    main_image_decorative
    secondary_image {
      ...SlideMedia
    }
    secondary_image_decorative
    audio {
      ...SlideMedia
    }
    audio_transcript
    teaching_notes
    secondary_audio {
      ...SlideMedia
    }
    secondary_video {
      ...SlideVideo
    }
    audiocards {
      id
      title
      image {
        ...SlideMedia
      }
      image_decorative
      audio {
        ...SlideMedia
      }
    }
    flipcards {
      id
      title
      card_1 {
        ...SlideMedia
      }
      card_2 {
        ...SlideMedia
      }
      audio {
        ...SlideMedia
      }
    }
    left_column {
      ...SlideColumn
    }
    right_column {
      ...SlideColumn
    }
  }
`;

export type SlideTemplate =
  | 'image'
  | 'audio'
  | 'video'
  | 'two_videos'
  | 'audio_and_image'
  | 'flipcards'
  | 'audiocards'
  | 'two_columns'
  | 'sub_slide_buttons'
  | 'all'
  | 'video_audio_instruments';

export type SlideMedia = MediaFile;

export interface SlideVideo {
  id: string;
  title: string | null;
  film_setup: string | null;
  /** JSON text `{"url": ...}` (parseEmbed). */
  embed: string | null;
  file: SlideMedia | null;
  /** WebVTT caption files, one per language; lesson mode and downloads take them with the video. */
  captions?: CaptionTrack[] | null;
  /**
   * WebVTT text descriptions (kind "descriptions", WCAG 1.2.5): lesson mode's 'Audio description'
   * reads the first one's cues out in a live region. Stored with a download. Only the file is
   * asked for (and the described version's address alone): a slideshow document stays within
   * half the CMS's field limit (tests/lib/cms/graphql-limits.test.ts).
   */
  descriptions?: DescriptionTrack[] | null;
  /** The same film with the descriptions in its soundtrack: played instead while 'Audio description' is on. */
  described_file?: { url: string } | null;
  /** What the film says and plays (rich text), behind lesson mode's 'Transcript' button; stored with a download. */
  transcript?: string | null;
}

export interface SlideColumn {
  id: string;
  title: string | null;
  text: string | null;
  videos: SlideVideo[] | null;
  audio: SlideMedia[] | null;
  images: SlideMedia[] | null;
  /** Marked decorative by the editor: every picture in the column gets alt="". */
  images_decorative?: boolean | null;
}

export interface SubSlide {
  id: string;
  title: string | null;
  activity_slideshow: { documentId: string; title: string } | null;
}

export interface Audiocard {
  id: string;
  title: string | null;
  image: SlideMedia | null;
  /** Marked decorative by the editor: shown with alt="". */
  image_decorative?: boolean | null;
  audio: SlideMedia | null;
}

export interface Flipcard {
  id: string;
  title: string | null;
  card_1: SlideMedia | null;
  card_2: SlideMedia | null;
  audio: SlideMedia | null;
}

export interface ActivitySlide {
  id: string;
  include_in_lesson: boolean | null;
  title: string | null;
  slide_template: SlideTemplate | null;
  slide_text: string | null;
  secondary_slide_text: string | null;
  videos: SlideVideo[] | null;
  sub_slides2: SubSlide[] | null;
  main_image: SlideMedia | null;
  /** Marked decorative by the editor: shown with alt="" (screen readers skip it). */
  main_image_decorative?: boolean | null;
  secondary_image: SlideMedia | null;
  secondary_image_decorative?: boolean | null;
  audio: SlideMedia | null;
  /** The words of the slide's recording (a song's lyrics), behind "Transcript" (WCAG 1.2.1). */
  audio_transcript?: string | null;
  /** What the teacher says or does on this slide: the presenter view's notes, never the class's. */
  teaching_notes?: string | null;
  secondary_audio: SlideMedia | null;
  secondary_video: SlideVideo | null;
  audiocards: Audiocard[] | null;
  flipcards: Flipcard[] | null;
  left_column: SlideColumn | null;
  right_column: SlideColumn | null;
}

export interface SlideShowData {
  documentId: string;
  title: string;
  activity_slides: ActivitySlide[] | null;
}
