/* The model library's API against the installed JDK 17's. For every class of build/model.jar
 * that the JDK also has (same binary name; anonymous and local classes and jdk/internal/porcheck
 * aside), every public or protected method the JDK's class declares, and every one it inherits
 * from a JDK class the model library lacks, must resolve in the model class through the model's
 * own hierarchy as the VM resolves it (superclasses, then default methods), with the same
 * static-ness, at least the same access and a body where the JDK's has one; the model class must
 * have the JDK class's supertypes. Nested classes that are not public API (the synchronized
 * wrappers of Collections) are compared only for how they synchronize.
 *
 * And the model's method must hold a monitor where the JDK's does: a JDK method that holds one
 * and a model method that holds none lets porcheck explore interleavings a real JVM cannot have
 * (false alarms); a model method that holds one where the JDK's holds none hides races (a false
 * ok). Read from the bytecode, a method holds a monitor as a whole (ACC_SYNCHRONIZED), in a block
 * of its own (monitorenter), or only in methods of its receiver's classes that it calls (virtual
 * calls dispatched from the class compared). Where the JDK's holds the monitor itself, the
 * model's must not hold it for less (a block for a synchronized method, calls for a block).
 * Which monitor is not compared: the concurrent programs of tests/vm/concurrent check that.
 *
 * The gaps kept on purpose are the allow-list below, by class, one reason each; a gap not on it
 * fails the test, and so does a name on it that is no gap any more. PORCHECK_MODEL_API_VERBOSE=1
 * prints every gap, allowed or not, one a line. The tests skip when no JDK 17 is installed
 * ($PORCHECK_JDK, else the build's java, else the java on PATH). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classfile.h"

/* What is wrong with one method of the model (a bit set, so allow-list entries can name
 * several). */
enum {
    GAP_MISSING = 1,    /* no method of that name and descriptor resolves in the model class */
    GAP_ACCESS = 2,     /* the model's is less accessible than the JDK's */
    GAP_STATIC = 4,     /* static on one side, an instance method on the other */
    GAP_ABSTRACT = 8,   /* the JDK's has a body, the model's resolves to an abstract method */
    GAP_TYPE = 16,      /* the model's class lacks a supertype of the JDK's, or is not an
                           interface where the JDK's is one (or the reverse) */
    GAP_UNSYNC = 32,    /* the JDK's holds a monitor, the model's none: false alarms */
    GAP_PARTSYNC = 64,  /* the JDK's holds a monitor itself, the model's for less of the method */
    GAP_OVERSYNC = 128, /* the model's holds a monitor, the JDK's none: hidden races */
    GAP_SYNC_KINDS = GAP_UNSYNC | GAP_PARTSYNC | GAP_OVERSYNC,
    GAP_API_KINDS = GAP_MISSING | GAP_ACCESS | GAP_STATIC | GAP_ABSTRACT | GAP_TYPE,
};

/* One gap kept on purpose: the methods of model class [cls] named in [names] (separated by
 * spaces) whose descriptor is [desc] (NULL: every descriptor), for the gaps in [kinds]. A
 * missing supertype is the method "<supertype>". */
typedef struct allowed_gap {
    const char *cls, *names, *desc;
    unsigned kinds;
    const char *reason;
} allowed_gap;

/* Reasons shared by several entries. */
#define STREAMS "streams and spliterators are not modelled"
#define CONSTANTS "java.lang.constant (Constable, ConstantDesc) is not modelled"
#define CHARSETS "charsets other than UTF-8 are not modelled"
#define FILES "files and charsets are not modelled"
#define CODE_POINTS                                                                                \
    "code-point navigation beyond codePointAt and codePointCount is not modelled yet"
#define UNICODE "the Unicode character database (types, names, directions) is not modelled"
#define REFLECTION                                                                                 \
    "reflection beyond fields (methods, constructors, annotations, generics) is not modelled"
#define RANGE_PARSE "parsing a range of a CharSequence (JDK 9) is not modelled yet"
#define THREAD_GROUPS "groups do not list their threads or subgroups"
#define RANGES "the range overloads are not modelled yet"
#define RANGES_COMPARATOR "the range and Comparator overloads are not modelled yet"
#define FMA "a fused multiply-add needs exact arithmetic (BigDecimal): not modelled"
#define PROCESS "processes, native libraries, shutdown hooks and finalization are not modelled"
#define TEXT_BLOCKS "the text-block helpers (JDK 15) are not modelled yet"
#define CONSTRUCTOR "a constructor: the JDK's monitor is that of an object no other thread sees yet"
#define PRIVATE_LOCK "the JDK's monitor is a private lock object that no program can hold"
#define METHOD_HANDLES "method handles are not modelled (README, VarHandles)"
#define SORTED "sorted and navigable wrappers and empties are not modelled (TreeMap is the JDK's)"
#define FORMATTER "the model's Formatter formats into a string: no destinations, locales or I/O"
#define CHM_UPDATE                                                                                 \
    "the model's update() holds the bin's monitor around the whole update, as the JDK's"
#define CHM_BULK "bulk operations of the model's map (--model-library only) are not modelled"
#define LOCK_QUEUE "the model's monitor-based lock keeps no queue of waiting threads to inspect"
#define OFF_HEAP "off-heap memory and raw addresses are not modelled"
#define SUB_WORD                                                                                   \
    "boolean, byte, char, short, float and double atomics: JDK 17's java.util uses none"
#define ORDERED_RMW "acquire and release read-modify-writes: JDK 17's java.util uses none"
#define LOCALES "locales are names only: the model formats as the ROOT locale does"
#define RANDOM_GENERATOR                                                                           \
    "java.util.random (JDK 17's RandomGenerator, bounded and stream methods) is not modelled"

/* The allow-list: JDK 17's public and protected methods that the model library leaves out or
 * synchronizes differently on purpose, by class; PORCHECK_MODEL_API_VERBOSE=1 prints the gaps. */
static const allowed_gap allowed[] = {
    /* java.io.ByteArrayOutputStream */
    {"java/io/ByteArrayOutputStream", "toString", "(Ljava/lang/String;)Ljava/lang/String;",
     GAP_MISSING, CHARSETS},
    {"java/io/ByteArrayOutputStream", "toString", "(Ljava/nio/charset/Charset;)Ljava/lang/String;",
     GAP_MISSING, CHARSETS},
    {"java/io/ByteArrayOutputStream", "toString", "(I)Ljava/lang/String;", GAP_MISSING,
     "deprecated (high byte of each char): not modelled"},
    /* java.io.OutputStream */
    {"java/io/OutputStream", "nullOutputStream", NULL, GAP_MISSING,
     "not modelled yet: no test program needs it"},
    /* java.io.PrintStream */
    {"java/io/PrintStream", "<init>", "(Ljava/io/File;)V", GAP_MISSING, FILES},
    {"java/io/PrintStream", "<init>", "(Ljava/io/File;Ljava/lang/String;)V", GAP_MISSING, FILES},
    {"java/io/PrintStream", "<init>", "(Ljava/io/File;Ljava/nio/charset/Charset;)V", GAP_MISSING,
     FILES},
    {"java/io/PrintStream", "<init>", "(Ljava/io/OutputStream;ZLjava/nio/charset/Charset;)V",
     GAP_MISSING, FILES},
    {"java/io/PrintStream", "<init>", "(Ljava/lang/String;)V", GAP_MISSING, FILES},
    {"java/io/PrintStream", "<init>", "(Ljava/lang/String;Ljava/lang/String;)V", GAP_MISSING,
     FILES},
    {"java/io/PrintStream", "<init>", "(Ljava/lang/String;Ljava/nio/charset/Charset;)V",
     GAP_MISSING, FILES},
    {"java/io/PrintStream", "<supertype>", NULL, GAP_TYPE,
     "writes to its descriptor or stream itself: FilterOutputStream is not modelled"},
    {"java/io/PrintStream",
     "append checkError close flush format print printf println write writeBytes", NULL, GAP_UNSYNC,
     "one atomic step per call; only code synchronizing on the stream can tell"},
    /* java.lang.Boolean */
    {"java/lang/Boolean", "<supertype> describeConstable", NULL, GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.Byte */
    {"java/lang/Byte", "<supertype> describeConstable", NULL, GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.CharSequence */
    {"java/lang/CharSequence", "chars codePoints", NULL, GAP_MISSING, STREAMS},
    /* java.lang.Character */
    {"java/lang/Character", "<supertype> describeConstable", NULL, GAP_MISSING | GAP_TYPE,
     CONSTANTS},
    {"java/lang/Character",
     "codePointAt codePointBefore codePointCount codePointOf isSurrogatePair offsetByCodePoints",
     NULL, GAP_MISSING, CODE_POINTS},
    {"java/lang/Character", "toChars", "(I[CI)I", GAP_MISSING, CODE_POINTS},
    {"java/lang/Character",
     "getDirectionality getName getType isDefined isIdentifierIgnorable isIdeographic isJavaLetter "
     "isJavaLetterOrDigit isMirrored isSpace isTitleCase isUnicodeIdentifierPart "
     "isUnicodeIdentifierStart",
     NULL, GAP_MISSING, UNICODE},
    {"java/lang/Character", "getNumericValue toTitleCase", "(I)I", GAP_MISSING, UNICODE},
    {"java/lang/Character", "isISOControl isJavaIdentifierPart isJavaIdentifierStart isSpaceChar",
     "(I)Z", GAP_MISSING, UNICODE},
    /* java.lang.Class */
    {"java/lang/Class", "desiredAssertionStatus", NULL, GAP_UNSYNC, PRIVATE_LOCK},
    {"java/lang/Class", "forName", NULL, GAP_MISSING, "loading classes by name is not modelled"},
    {"java/lang/Class", "arrayType componentType describeConstable descriptorString", NULL,
     GAP_MISSING, CONSTANTS},
    {"java/lang/Class",
     "<supertype> asSubclass getAnnotatedInterfaces getAnnotatedSuperclass getAnnotation "
     "getAnnotations getAnnotationsByType getCanonicalName getClassLoader getClasses "
     "getConstructor getConstructors getDeclaredAnnotation getDeclaredAnnotations "
     "getDeclaredAnnotationsByType getDeclaredClasses getDeclaredConstructor "
     "getDeclaredConstructors getDeclaredFields getDeclaredMethod getDeclaredMethods "
     "getDeclaringClass getEnclosingClass getEnclosingConstructor getEnclosingMethod getFields "
     "getGenericInterfaces getGenericSuperclass getInterfaces getMethod getMethods getModule "
     "getNestHost getNestMembers getPackage getPermittedSubclasses getProtectionDomain "
     "getRecordComponents getResource getResourceAsStream getSigners getTypeParameters "
     "isAnnotationPresent isAnonymousClass isLocalClass isMemberClass isNestmateOf isSealed "
     "newInstance toGenericString",
     NULL, GAP_MISSING | GAP_TYPE, REFLECTION},
    /* java.lang.Double */
    {"java/lang/Double", "<supertype> describeConstable resolveConstantDesc", NULL,
     GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.Enum */
    {"java/lang/Enum", "<supertype> describeConstable", NULL, GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.Float */
    {"java/lang/Float", "<supertype> describeConstable resolveConstantDesc", NULL,
     GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.Integer */
    {"java/lang/Integer", "parseInt parseUnsignedInt", "(Ljava/lang/CharSequence;III)I",
     GAP_MISSING, RANGE_PARSE},
    {"java/lang/Integer", "<supertype> describeConstable resolveConstantDesc", NULL,
     GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.Iterable */
    {"java/lang/Iterable", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.lang.Long */
    {"java/lang/Long", "parseUnsignedLong", "(Ljava/lang/CharSequence;III)J", GAP_MISSING,
     RANGE_PARSE},
    {"java/lang/Long", "<supertype> describeConstable resolveConstantDesc", NULL,
     GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.Math */
    {"java/lang/Math", "fma", NULL, GAP_MISSING, FMA},
    /* java.lang.NullPointerException */
    {"java/lang/NullPointerException", "getMessage", NULL, GAP_UNSYNC,
     "the JDK computes the helpful message under the exception's monitor; the model's is fixed"},
    /* java.lang.Readable */
    {"java/lang/Readable", "read", NULL, GAP_MISSING, "java.nio buffers are not modelled"},
    /* java.lang.Runtime */
    {"java/lang/Runtime",
     "addShutdownHook exec load loadLibrary removeShutdownHook runFinalization version", NULL,
     GAP_MISSING, PROCESS},
    /* java.lang.Short */
    {"java/lang/Short", "<supertype> describeConstable", NULL, GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.StackTraceElement */
    {"java/lang/StackTraceElement", "<init>",
     "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/"
     "String;Ljava/lang/String;I)V",
     GAP_MISSING, "modules and class loaders are not modelled"},
    {"java/lang/StackTraceElement", "getClassLoaderName getModuleName getModuleVersion", NULL,
     GAP_MISSING, "modules and class loaders are not modelled"},
    /* java.lang.StrictMath */
    {"java/lang/StrictMath", "fma", NULL, GAP_MISSING, FMA},
    /* java.lang.String */
    {"java/lang/String", "<init>", "([BI)V", GAP_MISSING, CHARSETS},
    {"java/lang/String", "<init>", "([BIII)V", GAP_MISSING, CHARSETS},
    {"java/lang/String", "<init>", "([BIILjava/lang/String;)V", GAP_MISSING, CHARSETS},
    {"java/lang/String", "<init>", "([BIILjava/nio/charset/Charset;)V", GAP_MISSING, CHARSETS},
    {"java/lang/String", "<init>", "([BLjava/lang/String;)V", GAP_MISSING, CHARSETS},
    {"java/lang/String", "<init>", "([BLjava/nio/charset/Charset;)V", GAP_MISSING, CHARSETS},
    {"java/lang/String", "getBytes", "(II[BI)V", GAP_MISSING,
     "deprecated (low byte of each char): not modelled"},
    {"java/lang/String", "getBytes", "(Ljava/lang/String;)[B", GAP_MISSING, CHARSETS},
    {"java/lang/String", "getBytes", "(Ljava/nio/charset/Charset;)[B", GAP_MISSING, CHARSETS},
    {"java/lang/String", "codePointBefore offsetByCodePoints", NULL, GAP_MISSING, CODE_POINTS},
    {"java/lang/String", "replaceFirst", NULL, GAP_MISSING,
     "regular expressions: only matches, replaceAll and split are modelled"},
    {"java/lang/String", "chars codePoints lines", NULL, GAP_MISSING, STREAMS},
    {"java/lang/String", "indent stripIndent translateEscapes", NULL, GAP_MISSING, TEXT_BLOCKS},
    {"java/lang/String", "<supertype> describeConstable resolveConstantDesc", NULL,
     GAP_MISSING | GAP_TYPE, CONSTANTS},
    /* java.lang.StringBuffer */
    {"java/lang/StringBuffer", "<init>", "(Ljava/lang/String;)V", GAP_UNSYNC, CONSTRUCTOR},
    {"java/lang/StringBuffer", "codePointBefore codePointCount codePoints offsetByCodePoints", NULL,
     GAP_MISSING, CODE_POINTS},
    {"java/lang/StringBuffer", "chars", NULL, GAP_MISSING, STREAMS},
    /* java.lang.StringBuilder */
    {"java/lang/StringBuilder", "codePointBefore codePointCount codePoints offsetByCodePoints",
     NULL, GAP_MISSING, CODE_POINTS},
    {"java/lang/StringBuilder", "chars", NULL, GAP_MISSING, STREAMS},
    /* java.lang.System */
    {"java/lang/System",
     "clearProperty console getLogger getProperties inheritedChannel load loadLibrary "
     "mapLibraryName runFinalization setIn setProperties setProperty setSecurityManager",
     NULL, GAP_MISSING,
     "properties are fixed; no environment, console, security manager, loggers or native "
     "libraries"},
    {"java/lang/System", "getenv", "()Ljava/util/Map;", GAP_MISSING,
     "properties are fixed; no environment, console, security manager, loggers or native "
     "libraries"},
    /* java.lang.Thread */
    {"java/lang/Thread", "activeCount enumerate", NULL, GAP_MISSING, THREAD_GROUPS},
    {"java/lang/Thread", "countStackFrames resume stop suspend", NULL, GAP_MISSING,
     "deprecated; asynchronous exceptions are not modelled"},
    {"java/lang/Thread", "dumpStack getAllStackTraces getStackTrace", NULL, GAP_MISSING,
     "stack traces of other threads are not modelled"},
    {"java/lang/Thread", "checkAccess", NULL, GAP_MISSING, "security managers are not modelled"},
    {"java/lang/Thread", "getContextClassLoader setContextClassLoader", NULL, GAP_MISSING,
     "class loaders are not modelled"},
    {"java/lang/Thread", "start", NULL, GAP_PARTSYNC,
     "the monitor covers the started check, not start0: only code synchronizing on the Thread can "
     "tell"},
    {"java/lang/Thread", "interrupt", NULL, GAP_UNSYNC, PRIVATE_LOCK},
    {"java/lang/Thread", "join", NULL, GAP_UNSYNC,
     "a native wait for the end; the JDK waits on the Thread's monitor, which only code "
     "synchronizing on the Thread can tell"},
    {"java/lang/Thread$State", "<supertype>", NULL, GAP_TYPE, CONSTANTS},
    /* java.lang.ThreadGroup */
    {"java/lang/ThreadGroup",
     "activeCount activeGroupCount allowThreadSuspension destroy enumerate interrupt isDestroyed "
     "list resume stop suspend",
     NULL, GAP_MISSING, THREAD_GROUPS},
    {"java/lang/ThreadGroup", "<init> setMaxPriority", NULL, GAP_UNSYNC,
     "the JDK's locks the parent group to list a subgroup in it, which only code synchronizing "
     "on a ThreadGroup can tell"},
    /* java.lang.ThreadLocal */
    {"java/lang/ThreadLocal", "<init>", NULL, GAP_OVERSYNC,
     "numbers ThreadLocals under a class monitor, the JDK with an atomic: one atomic step either "
     "way"},
    /* java.lang.Throwable */
    {"java/lang/Throwable", "printStackTrace", "(Ljava/io/PrintWriter;)V", GAP_MISSING,
     "java.io writers are not modelled"},
    /* java.lang.invoke.MethodHandles */
    {"java/lang/invoke/MethodHandles",
     "arrayConstructor arrayElementGetter arrayElementSetter arrayLength byteArrayViewVarHandle "
     "byteBufferViewVarHandle catchException classData classDataAt collectArguments constant "
     "countedLoop doWhileLoop dropArguments dropArgumentsToMatch dropReturn empty exactInvoker "
     "explicitCastArguments filterArguments filterReturnValue foldArguments guardWithTest identity "
     "insertArguments invoker iteratedLoop loop permuteArguments reflectAs spreadInvoker "
     "tableSwitch throwException tryFinally varHandleExactInvoker varHandleInvoker whileLoop zero",
     NULL, GAP_MISSING, METHOD_HANDLES},
    /* java.lang.invoke.MethodHandles.Lookup */
    {"java/lang/invoke/MethodHandles$Lookup",
     "accessClass bind defineClass defineHiddenClass defineHiddenClassWithClassData dropLookupMode "
     "ensureInitialized findClass findConstructor findGetter findSetter findSpecial findStatic "
     "findStaticGetter findStaticSetter findVirtual hasFullPrivilegeAccess hasPrivateAccess "
     "lookupModes previousLookupClass revealDirect unreflect unreflectConstructor unreflectGetter "
     "unreflectSetter unreflectSpecial unreflectVarHandle",
     NULL, GAP_MISSING, METHOD_HANDLES},
    /* java.lang.invoke.VarHandle */
    {"java/lang/invoke/VarHandle", "coordinateTypes", "()Ljava/util/List;", GAP_ABSTRACT,
     METHOD_HANDLES},
    {"java/lang/invoke/VarHandle",
     "accessModeType isAccessModeSupported toMethodHandle withInvokeExactBehavior", NULL,
     GAP_MISSING, METHOD_HANDLES},
    {"java/lang/invoke/VarHandle", "<supertype> describeConstable", NULL, GAP_MISSING | GAP_TYPE,
     CONSTANTS},
    {"java/lang/invoke/VarHandle",
     "compareAndExchange compareAndExchangeAcquire compareAndExchangeRelease compareAndSet get "
     "getAcquire getAndAdd getAndAddAcquire getAndAddRelease getAndBitwiseAnd "
     "getAndBitwiseAndAcquire getAndBitwiseAndRelease getAndBitwiseOr getAndBitwiseOrAcquire "
     "getAndBitwiseOrRelease getAndBitwiseXor getAndBitwiseXorAcquire getAndBitwiseXorRelease "
     "getAndSet getAndSetAcquire getAndSetRelease getOpaque getVolatile set setOpaque setRelease "
     "setVolatile weakCompareAndSet weakCompareAndSetAcquire weakCompareAndSetPlain "
     "weakCompareAndSetRelease",
     NULL, GAP_MISSING,
     "signature-polymorphic: the VM links each call site to an adapter (README, VarHandles)"},
    /* java.lang.reflect.Field */
    {"java/lang/reflect/Field",
     "getByte getChar getDeclaredAnnotation getDeclaredAnnotations getDeclaredAnnotationsByType "
     "getDouble getFloat getShort setByte setChar setDouble setFloat setShort",
     NULL, GAP_MISSING, "only the int, long, boolean and Object accessors are modelled"},
    {"java/lang/reflect/Field",
     "<supertype> getAnnotatedType getAnnotation getAnnotations getAnnotationsByType "
     "getGenericType isAccessible isAnnotationPresent toGenericString",
     NULL, GAP_MISSING | GAP_TYPE, REFLECTION},
    {"java/lang/reflect/Field", "setAccessible", "([Ljava/lang/reflect/AccessibleObject;Z)V",
     GAP_MISSING, REFLECTION},
    /* java.lang.reflect.Modifier */
    {"java/lang/reflect/Modifier",
     "classModifiers constructorModifiers fieldModifiers interfaceModifiers methodModifiers "
     "parameterModifiers",
     NULL, GAP_MISSING, "not modelled yet: no test program needs them"},
    /* java.security.AccessController */
    {"java/security/AccessController", "doPrivileged doPrivilegedWithCombiner",
     "(Ljava/security/PrivilegedExceptionAction;Ljava/security/AccessControlContext;[Ljava/"
     "security/Permission;)Ljava/lang/Object;",
     GAP_MISSING, "access control contexts are not modelled (an action just runs)"},
    {"java/security/AccessController", "doPrivilegedWithCombiner",
     "(Ljava/security/PrivilegedAction;Ljava/security/AccessControlContext;[Ljava/security/"
     "Permission;)Ljava/lang/Object;",
     GAP_MISSING, "access control contexts are not modelled (an action just runs)"},
    /* java.util.ArrayDeque */
    {"java/util/ArrayDeque", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.ArrayList */
    {"java/util/ArrayList", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.Arrays */
    {"java/util/Arrays", "parallelPrefix parallelSetAll parallelSort", NULL, GAP_MISSING,
     "parallel (fork/join) array operations are not modelled"},
    {"java/util/Arrays", "spliterator stream", NULL, GAP_MISSING, STREAMS},
    {"java/util/Arrays", "compare compareUnsigned mismatch", NULL, GAP_MISSING,
     "lexicographic comparison (JDK 9) not modelled yet"},
    {"java/util/Arrays", "binarySearch", "([BIIB)I", GAP_MISSING, RANGES},
    {"java/util/Arrays", "binarySearch", "([CIIC)I", GAP_MISSING, RANGES},
    {"java/util/Arrays", "binarySearch", "([DIID)I", GAP_MISSING, RANGES},
    {"java/util/Arrays", "binarySearch", "([FIIF)I", GAP_MISSING, RANGES},
    {"java/util/Arrays", "binarySearch", "([IIII)I", GAP_MISSING, RANGES},
    {"java/util/Arrays", "binarySearch", "([JIIJ)I", GAP_MISSING, RANGES},
    {"java/util/Arrays", "binarySearch", "([Ljava/lang/Object;IILjava/lang/Object;)I", GAP_MISSING,
     RANGES},
    {"java/util/Arrays", "binarySearch",
     "([Ljava/lang/Object;IILjava/lang/Object;Ljava/util/Comparator;)I", GAP_MISSING, RANGES},
    {"java/util/Arrays", "binarySearch", "([SIIS)I", GAP_MISSING, RANGES},
    {"java/util/Arrays", "equals", "([BII[BII)Z", GAP_MISSING, RANGES_COMPARATOR},
    {"java/util/Arrays", "equals", "([CII[CII)Z", GAP_MISSING, RANGES_COMPARATOR},
    {"java/util/Arrays", "equals", "([DII[DII)Z", GAP_MISSING, RANGES_COMPARATOR},
    {"java/util/Arrays", "equals", "([FII[FII)Z", GAP_MISSING, RANGES_COMPARATOR},
    {"java/util/Arrays", "equals", "([III[III)Z", GAP_MISSING, RANGES_COMPARATOR},
    {"java/util/Arrays", "equals", "([JII[JII)Z", GAP_MISSING, RANGES_COMPARATOR},
    {"java/util/Arrays", "equals", "([Ljava/lang/Object;II[Ljava/lang/Object;II)Z", GAP_MISSING,
     RANGES_COMPARATOR},
    {"java/util/Arrays", "equals",
     "([Ljava/lang/Object;II[Ljava/lang/Object;IILjava/util/Comparator;)Z", GAP_MISSING,
     RANGES_COMPARATOR},
    {"java/util/Arrays", "equals",
     "([Ljava/lang/Object;[Ljava/lang/Object;Ljava/util/Comparator;)Z", GAP_MISSING,
     RANGES_COMPARATOR},
    {"java/util/Arrays", "equals", "([SII[SII)Z", GAP_MISSING, RANGES_COMPARATOR},
    {"java/util/Arrays", "equals", "([ZII[ZII)Z", GAP_MISSING, RANGES_COMPARATOR},
    {"java/util/Arrays", "copyOfRange",
     "([Ljava/lang/Object;IILjava/lang/Class;)[Ljava/lang/Object;", GAP_MISSING,
     "array classes by Class object are not modelled"},
    {"java/util/Arrays", "setAll", "([DLjava/util/function/IntToDoubleFunction;)V", GAP_MISSING,
     "the long and double overloads are not modelled yet"},
    {"java/util/Arrays", "setAll", "([JLjava/util/function/IntToLongFunction;)V", GAP_MISSING,
     "the long and double overloads are not modelled yet"},
    /* java.util.Collection */
    {"java/util/Collection", "parallelStream spliterator stream", NULL, GAP_MISSING, STREAMS},
    /* java.util.Collections */
    {"java/util/Collections",
     "checkedNavigableMap checkedNavigableSet checkedSortedMap checkedSortedSet emptyNavigableMap "
     "emptyNavigableSet emptySortedMap emptySortedSet synchronizedNavigableMap "
     "synchronizedNavigableSet synchronizedSortedMap synchronizedSortedSet "
     "unmodifiableNavigableMap unmodifiableNavigableSet unmodifiableSortedMap "
     "unmodifiableSortedSet",
     NULL, GAP_MISSING, SORTED},
    {"java/util/Collections", "checkedCollection checkedList checkedMap checkedQueue checkedSet",
     NULL, GAP_MISSING, "checked (type-checking) wrappers are not modelled"},
    /* java.util.Formatter */
    {"java/util/Formatter", "<supertype> close flush ioException locale out", NULL,
     GAP_MISSING | GAP_TYPE, FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/io/File;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/io/File;Ljava/lang/String;)V", GAP_MISSING,
     FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/io/File;Ljava/lang/String;Ljava/util/Locale;)V",
     GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>",
     "(Ljava/io/File;Ljava/nio/charset/Charset;Ljava/util/Locale;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/io/OutputStream;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/io/OutputStream;Ljava/lang/String;)V", GAP_MISSING,
     FORMATTER},
    {"java/util/Formatter", "<init>",
     "(Ljava/io/OutputStream;Ljava/lang/String;Ljava/util/Locale;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>",
     "(Ljava/io/OutputStream;Ljava/nio/charset/Charset;Ljava/util/Locale;)V", GAP_MISSING,
     FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/io/PrintStream;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/lang/Appendable;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/lang/Appendable;Ljava/util/Locale;)V", GAP_MISSING,
     FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/lang/String;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/lang/String;Ljava/lang/String;)V", GAP_MISSING,
     FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/lang/String;Ljava/lang/String;Ljava/util/Locale;)V",
     GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>",
     "(Ljava/lang/String;Ljava/nio/charset/Charset;Ljava/util/Locale;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "<init>", "(Ljava/util/Locale;)V", GAP_MISSING, FORMATTER},
    {"java/util/Formatter", "format",
     "(Ljava/util/Locale;Ljava/lang/String;[Ljava/lang/Object;)Ljava/util/Formatter;", GAP_MISSING,
     FORMATTER},
    /* java.util.HashSet */
    {"java/util/HashSet", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.LinkedHashSet */
    {"java/util/LinkedHashSet", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.LinkedList */
    {"java/util/LinkedList", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.List */
    {"java/util/List", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.Locale */
    {"java/util/Locale", "<init>", "(Ljava/lang/String;Ljava/lang/String;)V", GAP_MISSING, LOCALES},
    {"java/util/Locale", "<init>", "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V",
     GAP_MISSING, LOCALES},
    {"java/util/Locale",
     "<supertype> clone filter filterTags forLanguageTag getAvailableLocales getCountry "
     "getDisplayCountry getDisplayLanguage getDisplayName getDisplayScript getDisplayVariant "
     "getExtension getExtensionKeys getISO3Country getISO3Language getISOCountries getISOLanguages "
     "getScript getUnicodeLocaleAttributes getUnicodeLocaleKeys getUnicodeLocaleType getVariant "
     "hasExtensions lookup lookupTag setDefault stripExtensions toLanguageTag",
     NULL, GAP_ACCESS | GAP_MISSING | GAP_TYPE, LOCALES},
    {"java/util/Locale", "getDefault", "(Ljava/util/Locale$Category;)Ljava/util/Locale;",
     GAP_MISSING, LOCALES},
    /* java.util.Map.Entry */
    {"java/util/Map$Entry", "copyOf", NULL, GAP_MISSING,
     "not modelled yet: no test program needs it"},
    /* java.util.Objects */
    {"java/util/Objects", "checkFromIndexSize checkFromToIndex", "(JJJ)J", GAP_MISSING,
     "the long index checks (JDK 16) are not modelled yet"},
    {"java/util/Objects", "checkIndex", "(JJ)J", GAP_MISSING,
     "the long index checks (JDK 16) are not modelled yet"},
    /* java.util.Optional */
    {"java/util/Optional", "stream", NULL, GAP_MISSING, STREAMS},
    /* java.util.Random */
    {"java/util/Random", "doubles ints longs", NULL, GAP_MISSING, STREAMS},
    {"java/util/Random", "<init>", NULL, GAP_UNSYNC, CONSTRUCTOR},
    {"java/util/Random", "<supertype> isDeprecated nextExponential", NULL, GAP_MISSING | GAP_TYPE,
     RANDOM_GENERATOR},
    {"java/util/Random", "nextDouble", "(D)D", GAP_MISSING, RANDOM_GENERATOR},
    {"java/util/Random", "nextDouble nextGaussian", "(DD)D", GAP_MISSING, RANDOM_GENERATOR},
    {"java/util/Random", "nextFloat", "(F)F", GAP_MISSING, RANDOM_GENERATOR},
    {"java/util/Random", "nextFloat", "(FF)F", GAP_MISSING, RANDOM_GENERATOR},
    {"java/util/Random", "nextLong", "(J)J", GAP_MISSING, RANDOM_GENERATOR},
    {"java/util/Random", "nextLong", "(JJ)J", GAP_MISSING, RANDOM_GENERATOR},
    /* java.util.Set */
    {"java/util/Set", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.Vector */
    {"java/util/Vector", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.concurrent.ConcurrentHashMap */
    {"java/util/concurrent/ConcurrentHashMap", "compute computeIfAbsent computeIfPresent merge",
     NULL, GAP_PARTSYNC, CHM_UPDATE},
    {"java/util/concurrent/ConcurrentHashMap",
     "elements forEachEntry forEachKey forEachValue keys reduce reduceEntries "
     "reduceEntriesToDouble reduceEntriesToInt reduceEntriesToLong reduceKeys reduceKeysToDouble "
     "reduceKeysToInt reduceKeysToLong reduceToDouble reduceToInt reduceToLong reduceValues "
     "reduceValuesToDouble reduceValuesToInt reduceValuesToLong search searchEntries searchKeys "
     "searchValues",
     NULL, GAP_MISSING, CHM_BULK},
    {"java/util/concurrent/ConcurrentHashMap", "newKeySet",
     "(I)Ljava/util/concurrent/ConcurrentHashMap$KeySetView;", GAP_MISSING, CHM_BULK},
    {"java/util/concurrent/ConcurrentHashMap", "forEach", "(JLjava/util/function/BiConsumer;)V",
     GAP_MISSING, CHM_BULK},
    {"java/util/concurrent/ConcurrentHashMap", "forEach",
     "(JLjava/util/function/BiFunction;Ljava/util/function/Consumer;)V", GAP_MISSING, CHM_BULK},
    /* java.util.concurrent.ConcurrentHashMap.KeySetView */
    {"java/util/concurrent/ConcurrentHashMap$KeySetView", "spliterator", NULL, GAP_MISSING,
     STREAMS},
    {"java/util/concurrent/ConcurrentHashMap$KeySetView", "<supertype>", NULL, GAP_TYPE,
     "the JDK's package-private CollectionView: no API of its own"},
    /* java.util.concurrent.ConcurrentLinkedQueue */
    {"java/util/concurrent/ConcurrentLinkedQueue", "spliterator", NULL, GAP_MISSING, STREAMS},
    /* java.util.concurrent.TimeUnit */
    {"java/util/concurrent/TimeUnit", "<supertype> of toChronoUnit", NULL, GAP_MISSING | GAP_TYPE,
     "java.time and java.lang.constant are not modelled"},
    {"java/util/concurrent/TimeUnit", "convert", "(Ljava/time/Duration;)J", GAP_MISSING,
     "java.time and java.lang.constant are not modelled"},
    /* java.util.concurrent.locks.Condition */
    {"java/util/concurrent/locks/Condition", "awaitUntil", NULL, GAP_MISSING,
     "java.util.Date is not modelled"},
    /* java.util.concurrent.locks.ReentrantLock */
    {"java/util/concurrent/locks/ReentrantLock",
     "getOwner getQueueLength getQueuedThreads getWaitingThreads hasQueuedThread hasQueuedThreads",
     NULL, GAP_MISSING, LOCK_QUEUE},
    /* java.util.concurrent.locks.ReentrantReadWriteLock */
    {"java/util/concurrent/locks/ReentrantReadWriteLock",
     "getOwner getQueueLength getQueuedReaderThreads getQueuedThreads getQueuedWriterThreads "
     "getWaitQueueLength getWaitingThreads hasQueuedThread hasQueuedThreads hasWaiters",
     NULL, GAP_MISSING, LOCK_QUEUE},
    /* jdk.internal.misc.Unsafe */
    {"jdk/internal/misc/Unsafe",
     "allocateMemory copyMemory copySwapMemory dataCacheLineAlignDown dataCacheLineFlushSize "
     "freeMemory getAddress getCharUnaligned getIntUnaligned getLoadAverage getLongUnaligned "
     "getShortUnaligned getUncompressedObject invokeCleaner isWritebackEnabled "
     "putAddress putCharUnaligned putIntUnaligned putLongUnaligned putShortUnaligned "
     "reallocateMemory setMemory writebackMemory",
     NULL, GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "getByte", "(J)B", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "getChar", "(J)C", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "getDouble", "(J)D", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "getFloat", "(J)F", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "getInt", "(J)I", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "getLong", "(J)J", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "getShort", "(J)S", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "putByte", "(JB)V", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "putChar", "(JC)V", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "putDouble", "(JD)V", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "putFloat", "(JF)V", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "putInt", "(JI)V", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "putLong", "(JJ)V", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe", "putShort", "(JS)V", GAP_MISSING, OFF_HEAP},
    {"jdk/internal/misc/Unsafe",
     "compareAndExchangeBoolean compareAndExchangeBooleanAcquire compareAndExchangeBooleanRelease "
     "compareAndExchangeByte compareAndExchangeByteAcquire compareAndExchangeByteRelease "
     "compareAndExchangeChar compareAndExchangeCharAcquire compareAndExchangeCharRelease "
     "compareAndExchangeDouble compareAndExchangeDoubleAcquire compareAndExchangeDoubleRelease "
     "compareAndExchangeFloat compareAndExchangeFloatAcquire compareAndExchangeFloatRelease "
     "compareAndExchangeShort compareAndExchangeShortAcquire compareAndExchangeShortRelease "
     "compareAndSetBoolean compareAndSetByte compareAndSetChar compareAndSetDouble "
     "compareAndSetFloat compareAndSetShort getAndAddByte getAndAddByteAcquire "
     "getAndAddByteRelease getAndAddChar getAndAddCharAcquire getAndAddCharRelease getAndAddDouble "
     "getAndAddDoubleAcquire getAndAddDoubleRelease getAndAddFloat getAndAddFloatAcquire "
     "getAndAddFloatRelease getAndAddShort getAndAddShortAcquire getAndAddShortRelease "
     "getAndBitwiseAndBoolean getAndBitwiseAndBooleanAcquire getAndBitwiseAndBooleanRelease "
     "getAndBitwiseAndByte getAndBitwiseAndByteAcquire getAndBitwiseAndByteRelease "
     "getAndBitwiseAndChar getAndBitwiseAndCharAcquire getAndBitwiseAndCharRelease "
     "getAndBitwiseAndShort getAndBitwiseAndShortAcquire getAndBitwiseAndShortRelease "
     "getAndBitwiseOrBoolean getAndBitwiseOrBooleanAcquire getAndBitwiseOrBooleanRelease "
     "getAndBitwiseOrByte getAndBitwiseOrByteAcquire getAndBitwiseOrByteRelease "
     "getAndBitwiseOrChar getAndBitwiseOrCharAcquire getAndBitwiseOrCharRelease "
     "getAndBitwiseOrShort getAndBitwiseOrShortAcquire getAndBitwiseOrShortRelease "
     "getAndBitwiseXorBoolean getAndBitwiseXorBooleanAcquire getAndBitwiseXorBooleanRelease "
     "getAndBitwiseXorByte getAndBitwiseXorByteAcquire getAndBitwiseXorByteRelease "
     "getAndBitwiseXorChar getAndBitwiseXorCharAcquire getAndBitwiseXorCharRelease "
     "getAndBitwiseXorShort getAndBitwiseXorShortAcquire getAndBitwiseXorShortRelease "
     "getAndSetBoolean getAndSetBooleanAcquire getAndSetBooleanRelease getAndSetByte "
     "getAndSetByteAcquire getAndSetByteRelease getAndSetChar getAndSetCharAcquire "
     "getAndSetCharRelease getAndSetDouble getAndSetDoubleAcquire getAndSetDoubleRelease "
     "getAndSetFloat getAndSetFloatAcquire getAndSetFloatRelease getAndSetShort "
     "getAndSetShortAcquire getAndSetShortRelease weakCompareAndSetBoolean "
     "weakCompareAndSetBooleanAcquire weakCompareAndSetBooleanPlain "
     "weakCompareAndSetBooleanRelease weakCompareAndSetByte weakCompareAndSetByteAcquire "
     "weakCompareAndSetBytePlain weakCompareAndSetByteRelease weakCompareAndSetChar "
     "weakCompareAndSetCharAcquire weakCompareAndSetCharPlain weakCompareAndSetCharRelease "
     "weakCompareAndSetDouble weakCompareAndSetDoubleAcquire weakCompareAndSetDoublePlain "
     "weakCompareAndSetDoubleRelease weakCompareAndSetFloat weakCompareAndSetFloatAcquire "
     "weakCompareAndSetFloatPlain weakCompareAndSetFloatRelease weakCompareAndSetShort "
     "weakCompareAndSetShortAcquire weakCompareAndSetShortPlain weakCompareAndSetShortRelease",
     NULL, GAP_MISSING, SUB_WORD},
    {"jdk/internal/misc/Unsafe",
     "compareAndExchangeObject compareAndExchangeObjectAcquire compareAndExchangeObjectRelease "
     "compareAndSetObject getAndSetObject getAndSetObjectAcquire getAndSetObjectRelease getObject "
     "getObjectAcquire getObjectOpaque getObjectVolatile putObject putObjectOpaque "
     "putObjectRelease putObjectVolatile weakCompareAndSetObject weakCompareAndSetObjectAcquire "
     "weakCompareAndSetObjectPlain weakCompareAndSetObjectRelease",
     NULL, GAP_MISSING, "the pre-JDK-12 *Object names: JDK 17's code uses the *Reference ones"},
    {"jdk/internal/misc/Unsafe",
     "getAndAddIntAcquire getAndAddIntRelease getAndAddLongAcquire getAndAddLongRelease "
     "getAndBitwiseAndIntAcquire getAndBitwiseAndIntRelease getAndBitwiseAndLongAcquire "
     "getAndBitwiseAndLongRelease getAndBitwiseOrIntAcquire getAndBitwiseOrIntRelease "
     "getAndBitwiseOrLongAcquire getAndBitwiseOrLongRelease getAndBitwiseXorIntAcquire "
     "getAndBitwiseXorIntRelease getAndBitwiseXorLongAcquire getAndBitwiseXorLongRelease "
     "getAndSetIntAcquire getAndSetIntRelease getAndSetLongAcquire getAndSetLongRelease "
     "getAndSetReferenceAcquire getAndSetReferenceRelease",
     NULL, GAP_MISSING, ORDERED_RMW},
    {"jdk/internal/misc/Unsafe",
     "allocateInstance allocateUninitializedArray defineClass defineClass0", NULL, GAP_MISSING,
     "defining and allocating classes through Unsafe is not modelled"},
    /* jdk.internal.misc.VM */
    {"jdk/internal/misc/VM",
     "addFinalRefCount awaitInitLevel getBufferPools getFinalRefCount getNanoTimeAdjustment "
     "getPeakFinalRefCount getRuntimeArguments getSavedProperties getegid geteuid getgid getuid "
     "initializeOSEnvironment isDirectMemoryPageAligned isSupportedClassFileVersion "
     "isSupportedModuleDescriptorVersion latestUserDefinedLoader maxDirectMemory saveProperties "
     "shutdown toThreadState",
     NULL, GAP_MISSING, "JDK start-up internals: the VM is always booted"},
    {"jdk/internal/misc/VM", "initLevel", "(I)V", GAP_MISSING,
     "JDK start-up internals: the VM is always booted"},
    /* sun.misc.Unsafe */
    {"sun/misc/Unsafe",
     "allocateMemory copyMemory freeMemory getAddress getLoadAverage invokeCleaner putAddress "
     "reallocateMemory setMemory",
     NULL, GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "getByte", "(J)B", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "getChar", "(J)C", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "getDouble", "(J)D", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "getFloat", "(J)F", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "getInt", "(J)I", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "getLong", "(J)J", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "getShort", "(J)S", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "putByte", "(JB)V", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "putChar", "(JC)V", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "putDouble", "(JD)V", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "putFloat", "(JF)V", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "putInt", "(JI)V", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "putLong", "(JJ)V", GAP_MISSING, OFF_HEAP},
    {"sun/misc/Unsafe", "putShort", "(JS)V", GAP_MISSING, OFF_HEAP},
    {NULL, NULL, NULL, 0, NULL},
};
enum { ALLOWED_COUNT = sizeof allowed / sizeof allowed[0] - 1 };

/* Returns the position of [name] among the space-separated [names] (from 0), or -1; [name]
 * NULL: returns their count. */
static int name_position(const char *names, const char *name)
{
    size_t n = name ? strlen(name) : 0;
    int k = 0;
    for (const char *s = names; *s; k++) {
        size_t len = strcspn(s, " ");
        if (name && len == n && !strncmp(s, name, n)) return k;
        s += len + (s[len] == ' ');
    }
    return name ? -1 : k;
}

/* ---- Loading both sides -------------------------------------------------------------------- */

/* One class looked up on one side; [cls] NULL when neither class path has it. */
typedef struct loaded {
    char *name;
    bool model_side; /* looked up as the VM does with the model library (model.jar, then JDK) */
    bool from_model; /* found in model.jar */
    cf_class *cls;
} loaded;

/* Both sides and what the comparison found. */
typedef struct api {
    cf_classpath *model, *jdk;
    loaded *classes;
    size_t class_count, class_cap;
    char **model_names; /* every class of model.jar */
    size_t model_count, model_cap;
    size_t compared_classes, compared_methods;
    size_t name_base[ALLOWED_COUNT + 1]; /* where each entry's names start in [name_used] */
    bool *name_used;                     /* each name of each entry: some gap matched it */
    unsigned kinds;                      /* the gap kinds to report */
    unsigned failing;                    /* the gap kinds of the gaps not on the allow-list */
    char *report;                        /* those gaps, one a line */
    size_t report_len, report_cap;
} api;

/* One side of the comparison: the model library's classes as the VM finds them ([model]:
 * model.jar, then the JDK), or the JDK's alone. */
typedef struct side {
    api *a;
    bool model;
} side;

/* A method's name and descriptor. */
typedef struct sig {
    const char *name, *desc;
} sig;

/* Returns class [name] of side [sd], NULL when absent; [from_model] (may be NULL) says whether
 * it came from model.jar. */
static const cf_class *load(const side *sd, const char *name, bool *from_model)
{
    api *a = sd->a;
    bool model_side = sd->model;
    for (size_t i = 0; i < a->class_count; i++) {
        loaded *l = &a->classes[i];
        if (l->model_side != model_side || strcmp(l->name, name)) continue;
        if (from_model) *from_model = l->from_model;
        return l->cls;
    }
    if (a->class_count == a->class_cap) {
        a->class_cap = a->class_cap ? 2 * a->class_cap : 256;
        a->classes = realloc(a->classes, a->class_cap * sizeof *a->classes);
        cr_assert_not_null(a->classes);
    }
    loaded *l = &a->classes[a->class_count++];
    *l = (loaded){strdup(name), model_side, false, NULL};
    cf_error err = {0};
    if (model_side) l->from_model = cf_classpath_load(a->model, name, &l->cls, &err) == CF_OK;
    if (!l->from_model && cf_classpath_load(a->jdk, name, &l->cls, &err) != CF_OK) l->cls = NULL;
    if (from_model) *from_model = l->from_model;
    return l->cls;
}

/* Adds [name] to the model.jar classes of [ctx] (an api). */
static bool add_model_name(const char *name, void *ctx)
{
    api *a = ctx;
    if (a->model_count == a->model_cap) {
        a->model_cap = a->model_cap ? 2 * a->model_cap : 256;
        a->model_names = realloc(a->model_names, a->model_cap * sizeof *a->model_names);
        cr_assert_not_null(a->model_names);
    }
    a->model_names[a->model_count++] = strdup(name);
    return true;
}

/* True when model.jar has class [name]. */
static bool in_model(const api *a, const char *name)
{
    for (size_t i = 0; i < a->model_count; i++)
        if (!strcmp(a->model_names[i], name)) return true;
    return false;
}

/* Finds the JDK 17 to compare with: $PORCHECK_JDK when set, else the build's, else the one on
 * PATH; skips the test when there is none. */
static void find_jdk17(cf_jdk *jdk)
{
    cf_error err = {0};
    const char *dir = getenv("PORCHECK_JDK");
    cf_status st = cf_jdk_find(dir ? dir : JDK_HOME, jdk, &err);
    if (st != CF_OK && !dir) st = cf_jdk_find(NULL, jdk, &err);
    if (st != CF_OK)
        cr_skip_test("no JDK 17 image to compare the model library with: %s", err.message);
    if (strncmp(jdk->version, "17", 2) || (jdk->version[2] != '.' && jdk->version[2] != '\0'))
        cr_skip_test("the JDK at %s is version '%s'; the allow-list is JDK 17's", jdk->home,
                     jdk->version);
}

/* Opens model.jar and the JDK 17 image into [a] (skipping the test without a JDK 17). */
static void api_open(api *a)
{
    memset(a, 0, sizeof *a);
    cf_jdk jdk;
    find_jdk17(&jdk);
    cf_error err = {0};
    cr_assert_eq(cf_classpath_new(&a->model, &err), CF_OK, "%s", err.message);
    cr_assert_eq(cf_classpath_new(&a->jdk, &err), CF_OK, "%s", err.message);
    cr_assert_eq(cf_classpath_add(a->model, MODEL_JAR, &err), CF_OK, "%s", err.message);
    cr_assert_eq(cf_classpath_add(a->jdk, jdk.modules, &err), CF_OK, "%s", err.message);
    cf_classpath_each_class(a->model, add_model_name, a);
    for (int i = 0; i < ALLOWED_COUNT; i++)
        a->name_base[i + 1] = a->name_base[i] + (size_t)name_position(allowed[i].names, NULL);
    a->name_used = calloc(a->name_base[ALLOWED_COUNT] + 1, sizeof *a->name_used);
    cr_assert_not_null(a->name_used);
    cr_assert_gt(a->model_count, 100, "model.jar at %s has %zu classes", MODEL_JAR, a->model_count);
}

/* Frees everything [a] holds. */
static void api_close(api *a)
{
    for (size_t i = 0; i < a->class_count; i++) {
        cf_class_free(a->classes[i].cls);
        free(a->classes[i].name);
    }
    for (size_t i = 0; i < a->model_count; i++) free(a->model_names[i]);
    free(a->classes);
    free(a->model_names);
    free(a->report);
    free(a->name_used);
    cf_classpath_free(a->model);
    cf_classpath_free(a->jdk);
}

/* ---- Resolution ---------------------------------------------------------------------------- */

/* A resolved method: the class declaring it and the method, [m] NULL when none. */
typedef struct found {
    const cf_class *owner;
    const cf_member *m;
    bool from_model; /* [owner] came from model.jar */
} found;

/* Finds method [k] declared in [cls] of side [sd] or in its superclasses (not private there);
 * a constructor only in [cls]. */
static found find_in_classes(const side *sd, const cf_class *cls, sig k)
{
    bool from_model = true;
    for (const cf_class *c = cls; c;) {
        const cf_member *m = cf_find_method(c, k.name, k.desc);
        if (m && (c == cls || !(m->access & CF_ACC_PRIVATE))) return (found){c, m, from_model};
        if (!c->super_name || !strcmp(k.name, "<init>")) break;
        c = load(sd, c->super_name, &from_model);
    }
    return (found){NULL, NULL, false};
}

/* Finds method [k] among the superinterfaces of [cls] and of its superclasses, preferring a
 * default method to an abstract one in [*best]; static and private interface methods are not
 * inherited. */
static void find_in_interfaces(const side *sd, const cf_class *cls, sig k, found *best)
{
    for (const cf_class *c = cls; c;) {
        for (uint16_t i = 0; i < c->interface_count; i++) {
            bool from_model;
            const cf_class *itf = load(sd, cf_class_name(c, c->interfaces[i]), &from_model);
            if (!itf) continue;
            const cf_member *m = cf_find_method(itf, k.name, k.desc);
            if (m && !(m->access & (CF_ACC_STATIC | CF_ACC_PRIVATE)) &&
                (!best->m || (best->m->access & CF_ACC_ABSTRACT)))
                *best = (found){itf, m, from_model};
            find_in_interfaces(sd, itf, k, best);
        }
        bool up = c->super_name && !(c->access & CF_ACC_INTERFACE);
        c = up ? load(sd, c->super_name, NULL) : NULL;
    }
}

/* Resolves method [k] in class [cls] of side [sd] as the JVM resolves a method reference
 * (JVMS 5.4.3.3, 5.4.3.4): the class and its superclasses, then the superinterfaces. */
static found resolve(const side *sd, const cf_class *cls, sig k)
{
    found f = find_in_classes(sd, cls, k);
    if (!f.m && strcmp(k.name, "<init>")) find_in_interfaces(sd, cls, k, &f);
    return f;
}

/* True when class or interface [name] is [c] or one of its ancestors on side [sd]. */
static bool is_ancestor(const side *sd, const cf_class *c, const char *name)
{
    if (!strcmp(c->name, name)) return true;
    const cf_class *s = c->super_name ? load(sd, c->super_name, NULL) : NULL;
    if (s && is_ancestor(sd, s, name)) return true;
    for (uint16_t i = 0; i < c->interface_count; i++) {
        s = load(sd, cf_class_name(c, c->interfaces[i]), NULL);
        if (s && is_ancestor(sd, s, name)) return true;
    }
    return false;
}

/* ---- Synchronization ----------------------------------------------------------------------- */

/* How much of a method holds a monitor, weakest first. */
typedef enum sync_kind {
    SYNC_NONE,   /* no monitor */
    SYNC_CALLED, /* only in methods of its receiver's classes that it calls */
    SYNC_BLOCK,  /* a synchronized block of its own */
    SYNC_WHOLE,  /* ACC_SYNCHRONIZED */
} sync_kind;

/* Where a method's calls are followed: one side, and the class of the receiver (the class
 * compared), from which calls on the receiver's own classes dispatch. */
typedef struct sync_walk {
    side sd;
    const cf_class *receiver;
} sync_walk;

/* Resolves the method that invoke instruction [op] at [ref] of [owner] calls when it calls a
 * method of the receiver's own classes (taking the receiver for the object called: virtual
 * calls dispatch from it); [m] NULL otherwise. */
static found own_callee(const sync_walk *w, const cf_class *owner, uint8_t op, uint16_t ref)
{
    const char *cls;
    sig k;
    cf_member_ref(owner, ref, &cls, &k.name, &k.desc);
    if (!is_ancestor(&w->sd, w->receiver, cls)) return (found){NULL, NULL, false};
    bool dispatch = op == CF_OP_INVOKEVIRTUAL || op == CF_OP_INVOKEINTERFACE;
    const cf_class *from = dispatch ? w->receiver : load(&w->sd, cls, NULL);
    return from ? resolve(&w->sd, from, k) : (found){NULL, NULL, false};
}

/* Returns how much of method [m] of [owner] holds a monitor: ACC_SYNCHRONIZED, a monitorenter,
 * or a call of a method of the receiver's classes that holds one, followed [depth] deep. */
static sync_kind sync_of(const sync_walk *w, const cf_class *owner, const cf_member *m, int depth)
{
    if (m->access & CF_ACC_SYNCHRONIZED) return SYNC_WHOLE;
    const cf_code *code = m->code;
    sync_kind kind = SYNC_NONE;
    for (uint32_t pc = 0; code && pc < code->length; pc += cf_instruction_length(code, pc)) {
        uint8_t op = code->code[pc];
        if (op == CF_OP_MONITORENTER) return SYNC_BLOCK;
        if (depth == 0 || kind != SYNC_NONE || op < CF_OP_INVOKEVIRTUAL ||
            op > CF_OP_INVOKEINTERFACE)
            continue;
        found f =
            own_callee(w, owner, op, (uint16_t)(code->code[pc + 1] << 8 | code->code[pc + 2]));
        if (f.m && f.m != m && sync_of(w, f.owner, f.m, depth - 1) != SYNC_NONE) kind = SYNC_CALLED;
    }
    return kind;
}

/* ---- Comparison ---------------------------------------------------------------------------- */

/* Returns the entry of the allow-list for gap [kind] of [cls].[name][desc], or -1; marks the
 * name of the entry used in [a]. */
static int allowed_entry(api *a, const char *cls, const cf_member *m, unsigned kind)
{
    for (int i = 0; i < ALLOWED_COUNT; i++) {
        const allowed_gap *g = &allowed[i];
        if (!(g->kinds & kind) || strcmp(g->cls, cls)) continue;
        int k = name_position(g->names, m->name);
        if (k < 0 || (g->desc && strcmp(g->desc, m->descriptor))) continue;
        a->name_used[a->name_base[i] + (size_t)k] = true;
        return i;
    }
    return -1;
}

/* The name of gap bit [kind]. */
static const char *gap_name(unsigned kind)
{
    switch (kind) {
    case GAP_MISSING:
        return "missing";
    case GAP_ACCESS:
        return "less accessible";
    case GAP_STATIC:
        return "static differs";
    case GAP_ABSTRACT:
        return "abstract in the model";
    case GAP_TYPE:
        return "supertype or interface-ness differs";
    case GAP_UNSYNC:
        return "JDK's synchronizes, model's not";
    case GAP_PARTSYNC:
        return "model's holds the monitor for less of it";
    default:
        return "model's synchronizes, JDK's not";
    }
}

/* Where a gap is: JDK method [m] in model class [cls]; [detail] (may be NULL) says more. */
typedef struct gap_at {
    const char *cls;
    const cf_member *m;
    const char *detail;
} gap_at;

/* Records gap [kind] at [at]: allowed, or failing. */
static void gap(api *a, gap_at at, unsigned kind)
{
    const char *cls = at.cls, *detail = at.detail;
    const cf_member *jm = at.m;
    int entry = allowed_entry(a, cls, jm, kind);
    if (!(a->kinds & kind)) return;
    char line[1024];
    int n = snprintf(line, sizeof line, "%s %s.%s%s: %s%s%s%s\n", entry >= 0 ? "allowed" : "GAP",
                     cls, jm->name, jm->descriptor, gap_name(kind), detail ? " (" : "",
                     detail ? detail : "", detail ? ")" : "");
    if (getenv("PORCHECK_MODEL_API_VERBOSE")) fputs(line, stderr);
    if (entry >= 0) return;
    a->failing |= kind;
    size_t len = n > 0 ? (size_t)n : 0;
    if (len >= sizeof line) len = sizeof line - 1;
    if (a->report_len + len + 1 > a->report_cap) {
        a->report_cap = 2 * (a->report_cap + len + 1);
        a->report = realloc(a->report, a->report_cap);
        cr_assert_not_null(a->report);
    }
    memcpy(a->report + a->report_len, line, len + 1);
    a->report_len += len;
}

/* The public/protected rank of [access]: 3 public, 2 protected, 1 package, 0 private. */
static int access_rank(uint16_t access)
{
    if (access & CF_ACC_PUBLIC) return 3;
    if (access & CF_ACC_PROTECTED) return 2;
    return access & CF_ACC_PRIVATE ? 0 : 1;
}

/* The two classes compared: the JDK's and the model's of the same name. */
typedef struct pair {
    const cf_class *jdk, *model;
    bool api_class; /* the JDK's is public API (else only how it synchronizes is compared) */
} pair;

/* Compares how JDK method [j] and model method [f] hold monitors, with the classes of [p] as
 * receivers: the model's must hold one where the JDK's does (and for as much of the method when
 * the JDK's holds it itself), and none where the JDK's holds none. */
static void compare_sync(api *a, pair p, found j, found f)
{
    sync_walk jw = {{a, false}, p.jdk}, mw = {{a, true}, p.model};
    sync_kind js = sync_of(&jw, j.owner, j.m, 6), ms = sync_of(&mw, f.owner, f.m, 6);
    char detail[600];
    snprintf(detail, sizeof detail, "model's is %s.%s", f.owner->name, f.m->name);
    gap_at at = {p.model->name, j.m, detail};
    if (js != SYNC_NONE && ms == SYNC_NONE) gap(a, at, GAP_UNSYNC);
    if (ms != SYNC_NONE && ms < js && js >= SYNC_BLOCK) gap(a, at, GAP_PARTSYNC);
    if (js == SYNC_NONE && ms != SYNC_NONE) gap(a, at, GAP_OVERSYNC);
}

/* Compares JDK method [j] (of p.jdk or an ancestor) with its resolution in p.model. */
static void compare_method(api *a, pair p, found j)
{
    a->compared_methods++;
    side model = {a, true};
    const cf_member *jm = j.m;
    found f = resolve(&model, p.model, (sig){jm->name, jm->descriptor});
    if (!f.m && p.api_class) gap(a, (gap_at){p.model->name, jm, NULL}, GAP_MISSING);
    if (!f.m) return;
    compare_sync(a, p, j, f);
    if (!p.api_class) return;
    char detail[600];
    snprintf(detail, sizeof detail, "model's is %s.%s%s", f.owner->name, f.m->name,
             f.from_model ? "" : ", from the JDK");
    gap_at at = {p.model->name, jm, detail};
    if (access_rank(f.m->access) < access_rank(jm->access)) gap(a, at, GAP_ACCESS);
    if ((f.m->access ^ jm->access) & CF_ACC_STATIC) gap(a, at, GAP_STATIC);
    if ((f.m->access & CF_ACC_ABSTRACT) && !(jm->access & CF_ACC_ABSTRACT))
        gap(a, at, GAP_ABSTRACT);
}

/* True when the JDK's method [m] is API to compare: public or protected, not an initialiser. */
static bool is_api(const cf_member *m)
{
    return (m->access & (CF_ACC_PUBLIC | CF_ACC_PROTECTED)) && strcmp(m->name, "<clinit>");
}

/* The JDK classes a walk over a class's ancestors has visited. */
typedef struct visited {
    const cf_class *seen[128];
    size_t count;
} visited;

/* Compares the API methods that JDK class [anc] (an ancestor of [jdk], not in model.jar) declares
 * and [jdk] inherits from it with model class [model]; then [anc]'s own ancestors, each once. */
static void compare_inherited(api *a, pair p, const cf_class *anc, visited *v)
{
    for (size_t i = 0; i < v->count; i++)
        if (v->seen[i] == anc) return;
    cr_assert_lt(v->count, sizeof v->seen / sizeof *v->seen, "%s: too many ancestors", p.jdk->name);
    v->seen[v->count++] = anc;
    side model = {a, true}, jdk = {a, false};
    if (p.api_class && !is_ancestor(&model, p.model, anc->name)) {
        cf_member type = {.name = "<supertype>", .descriptor = anc->name};
        gap(a, (gap_at){p.model->name, &type, NULL}, GAP_TYPE);
    }
    if (anc != p.jdk && !in_model(a, anc->name)) {
        for (uint16_t i = 0; i < anc->method_count; i++) {
            const cf_member *m = &anc->methods[i];
            if (!is_api(m) || !strcmp(m->name, "<init>")) continue;
            found f = resolve(&jdk, p.jdk, (sig){m->name, m->descriptor});
            if (f.owner == anc && f.m == m) compare_method(a, p, f);
        }
    }
    const cf_class *s = anc->super_name ? load(&jdk, anc->super_name, NULL) : NULL;
    if (s) compare_inherited(a, p, s, v);
    for (uint16_t i = 0; i < anc->interface_count; i++) {
        s = load(&jdk, cf_class_name(anc, anc->interfaces[i]), NULL);
        if (s) compare_inherited(a, p, s, v);
    }
}

/* True when JDK class [c] is public API: public, and when nested a public or protected member
 * of a class that is. */
static bool is_api_class(api *a, const cf_class *c)
{
    if (!(c->access & CF_ACC_PUBLIC)) return false;
    for (uint16_t i = 0; i < c->inner_class_count; i++) {
        const cf_inner_class *ic = &c->inner_classes[i];
        if (ic->inner_class != c->this_class) continue;
        if (!(ic->access & (CF_ACC_PUBLIC | CF_ACC_PROTECTED)) || !ic->outer_class) return false;
        side jdk = {a, false};
        const cf_class *outer = load(&jdk, cf_class_name(c, ic->outer_class), NULL);
        return outer && is_api_class(a, outer);
    }
    return true;
}

/* True when [name] is an anonymous or local class (a '$' followed by a digit). */
static bool is_anonymous_or_local(const char *name)
{
    for (const char *s = strchr(name, '$'); s; s = strchr(s + 1, '$'))
        if (s[1] >= '0' && s[1] <= '9') return true;
    return false;
}

/* Compares model.jar's class [name] with the JDK's class of that name, if there is one. */
static void compare_class(api *a, const char *name)
{
    if (!strncmp(name, "jdk/internal/porcheck/", 22) || is_anonymous_or_local(name)) return;
    bool from_model;
    side model_side = {a, true}, jdk_side = {a, false};
    const cf_class *model = load(&model_side, name, &from_model);
    const cf_class *jdk = load(&jdk_side, name, NULL);
    if (!jdk || !model || !from_model) return;
    a->compared_classes++;
    pair p = {jdk, model, is_api_class(a, jdk)};
    if (p.api_class && ((jdk->access ^ model->access) & CF_ACC_INTERFACE)) {
        cf_member kind = {.name = "<interface>", .descriptor = ""};
        gap(a, (gap_at){name, &kind, NULL}, GAP_TYPE);
    }
    for (uint16_t i = 0; i < jdk->method_count; i++)
        if (is_api(&jdk->methods[i])) compare_method(a, p, (found){jdk, &jdk->methods[i], false});
    visited v = {.count = 0};
    compare_inherited(a, p, jdk, &v);
}

/* Opens both sides and compares every class of model.jar into [a], reporting gaps of [kinds]. */
static void compare_all(api *a, unsigned kinds)
{
    api_open(a);
    a->kinds = kinds;
    size_t count = a->model_count;
    for (size_t i = 0; i < count; i++) compare_class(a, a->model_names[i]);
}

/* ---- Tests --------------------------------------------------------------------------------- */

/* Fails with the gaps of [kinds] not on the allow-list. */
static void expect_no_gaps(unsigned kinds)
{
    api a;
    compare_all(&a, kinds);
    cr_expect_gt(a.compared_classes, 100, "only %zu classes compared", a.compared_classes);
    cr_expect_gt(a.compared_methods, 2000, "only %zu methods compared", a.compared_methods);
    cr_expect_eq(a.failing & kinds, 0,
                 "gaps between the JDK's API and the model library's not on the allow-list of "
                 "tests/vm/test_model_api.c:\n%s",
                 a.report ? a.report : "");
    api_close(&a);
}

/* Returns how much of method [k] of class [cls] on side [sd] holds a monitor. */
static sync_kind sync_of_named(const side *sd, const char *cls, sig k)
{
    const cf_class *c = load(sd, cls, NULL);
    cr_assert_not_null(c, "%s: not found", cls);
    found f = resolve(sd, c, k);
    cr_assert_not_null(f.m, "%s.%s%s: not found", cls, k.name, k.desc);
    sync_walk w = {*sd, c};
    return sync_of(&w, f.owner, f.m, 6);
}

/* The reading of the bytecode on known methods: JDK 17's Vector.add is synchronized, its addAll
 * a synchronized block after c.toArray(), the wrappers' add a block on the mutex, Stack.push a
 * call of the synchronized addElement; ArrayList.add takes no monitor. */
Test(model_api, reads_how_methods_synchronize)
{
    api a;
    api_open(&a);
    side jdk = {&a, false}, model = {&a, true};
    sig add = {"add", "(Ljava/lang/Object;)Z"}, add_all = {"addAll", "(Ljava/util/Collection;)Z"};
    sig push = {"push", "(Ljava/lang/Object;)Ljava/lang/Object;"};
    cr_expect_eq(sync_of_named(&jdk, "java/util/Vector", add), SYNC_WHOLE);
    cr_expect_eq(sync_of_named(&jdk, "java/util/Vector", add_all), SYNC_BLOCK);
    cr_expect_eq(sync_of_named(&model, "java/util/Vector", add_all), SYNC_WHOLE);
    cr_expect_eq(sync_of_named(&jdk, "java/util/Collections$SynchronizedCollection", add),
                 SYNC_BLOCK);
    cr_expect_eq(sync_of_named(&jdk, "java/util/Stack", push), SYNC_CALLED);
    cr_expect_eq(sync_of_named(&jdk, "java/util/ArrayList", add), SYNC_NONE);
    cr_expect_eq(sync_of_named(&model, "java/util/ArrayList", add), SYNC_NONE);
    api_close(&a);
}

Test(model_api, jdk_methods_resolve_in_the_model_library)
{
    expect_no_gaps(GAP_API_KINDS);
}

Test(model_api, model_methods_synchronize_as_the_jdk_does)
{
    expect_no_gaps(GAP_SYNC_KINDS);
}

Test(model_api, every_allowed_gap_is_still_a_gap)
{
    api a;
    compare_all(&a, 0);
    for (int i = 0; i < ALLOWED_COUNT; i++) {
        const allowed_gap *g = &allowed[i];
        for (const char *s = g->names; *s;) {
            size_t len = strcspn(s, " ");
            int k = name_position(g->names, NULL) - name_position(s, NULL);
            cr_expect(a.name_used[a.name_base[i] + (size_t)k],
                      "allow-list: %s.%.*s%s is no gap any more: remove it", g->cls, (int)len, s,
                      g->desc ? g->desc : "");
            s += len + (s[len] == ' ');
        }
    }
    api_close(&a);
}
