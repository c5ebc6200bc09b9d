#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

// FFmpeg's function-like and compound-literal macros are not importable into Swift;
// each one used by MediaKitLinux gets a static inline twin here. Nothing else lives here.

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/cpu.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libavutil/channel_layout.h>
#include <libswscale/swscale.h>
#include <errno.h>

static inline int cffmpeg_averror(int e) { return AVERROR(e); }
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cffmpeg_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int cffmpeg_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int cffmpeg_averror_exit(void) { return AVERROR_EXIT; }
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational cffmpeg_time_base_q(void) { return AV_TIME_BASE_Q; }
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }

/// Writes FFmpeg's text for `code` into `buffer`; Swift cannot use av_err2str (a compound literal).
static inline const char *cffmpeg_error_string(int code, char *buffer, size_t size) {
    return av_make_error_string(buffer, size, code);
}

#endif
